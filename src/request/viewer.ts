/** The viewer lives with the rest of visibility in src/access (issue #12); re-exported for existing imports. */
export { ANONYMOUS, viewerFor, type Viewer } from '../access/viewer.js';
