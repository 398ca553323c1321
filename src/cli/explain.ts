/**
 * `search <kind> "<q>" --explain`: how the query was understood, printed without opening the dump (the plan is
 * built before any index is loaded, so a never-indexed dump is not built).
 */
import { explainPlan } from '../plan/explain.js';
import { planSearch } from '../plan/search-plan.js';
import { normalizeRequest, type SearchRequest } from '../search-request.js';

/**
 * The explanation of a request, ready to print.
 * @throws ApiError the refusal GitHub would answer (415, 422), exactly as the search itself would
 */
export async function explainRequest(request: SearchRequest): Promise<string> {
  return explainPlan(await planSearch(normalizeRequest(request)));
}
