/**
 * A preload (`node --import …/peak-rss-hook.js`) that, when the process exits, writes its peak resident set
 * size in bytes to the file named by `$BENCH_PEAK_RSS_FILE`. Lets the bench measure the peak RSS of a whole
 * child process (our CLI, a naive-Lunr build) without changing the program measured.
 */
import { writeFileSync } from 'node:fs';

const target = process.env.BENCH_PEAK_RSS_FILE;
if (target) {
  process.on('exit', () => {
    // resourceUsage().maxRSS is in kilobytes.
    writeFileSync(target, String(process.resourceUsage().maxRSS * 1024));
  });
}
