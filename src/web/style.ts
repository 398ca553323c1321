/**
 * The page's stylesheet, inlined in every page (one request, nothing fetched from elsewhere): GitHub's light
 * colours and system font stack, its search layout (sidebar, result list, counters, labels, pagination).
 */
export const PAGE_STYLE = `
*{box-sizing:border-box}
body{margin:0;font:14px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI","Noto Sans",Helvetica,Arial,sans-serif;color:#1f2328;background:#fff}
a{color:#0969da;text-decoration:none}a:hover{text-decoration:underline}
.muted{color:#59636e}.mono,code{font-family:ui-monospace,SFMono-Regular,"SF Mono",Menlo,Consolas,monospace}
mark{background:#fff8c5;color:inherit;font-weight:600;border-radius:2px}
.header{display:flex;align-items:center;gap:16px;padding:12px 24px;background:#f6f8fa;border-bottom:1px solid #d1d9e0}
.brand{font-weight:600;font-size:16px;color:#1f2328}
.search-form{display:flex;flex:1;max-width:720px;gap:8px}
input[type=text]{flex:1;padding:5px 12px;font-size:14px;border:1px solid #d1d9e0;border-radius:6px;background:#fff;color:#1f2328}
input[type=text]:focus{outline:2px solid #0969da;outline-offset:-1px}
button{padding:5px 16px;font-size:14px;font-weight:500;border:1px solid #d1d9e0;border-radius:6px;background:#f6f8fa;color:#25292e;cursor:pointer}
.who{margin-left:auto;color:#59636e}
.home{max-width:720px;margin:64px auto;padding:0 24px}.home h1{font-weight:400}
.home-form{display:flex;flex-wrap:wrap;gap:12px}.home-form input[type=text]{flex-basis:100%}
.kinds{border:0;padding:0;margin:0;display:flex;flex-wrap:wrap;gap:12px}.kinds legend{display:none}
.layout{display:flex;gap:24px;padding:24px;max-width:1280px;margin:0 auto}
.sidebar{width:256px;flex-shrink:0}.sidebar h2{font-size:14px;margin:0 0 8px}
.sidebar ul{list-style:none;margin:0;padding:0}
.sidebar li a{display:flex;justify-content:space-between;align-items:center;padding:6px 8px;border-radius:6px;color:#1f2328}
.sidebar li a:hover{background:#f6f8fa;text-decoration:none}
.sidebar li.selected a{background:#f6f8fa;font-weight:600;box-shadow:inset 2px 0 0 #0969da}
.facet{border-top:1px solid #d1d9e0;margin-top:12px;padding-top:12px}.facet h3{font-size:12px;color:#59636e;margin:0 0 4px 8px}
.counter{display:inline-block;min-width:20px;padding:0 6px;font-size:12px;font-weight:500;line-height:18px;text-align:center;background:#818b981f;border-radius:2em}
.results{flex:1;min-width:0}
.results-head{display:flex;justify-content:space-between;align-items:center;border-bottom:1px solid #d1d9e0;padding-bottom:8px}
.total{font-size:16px;margin:0}
.sort{position:relative}.sort summary{cursor:pointer;padding:3px 12px;border:1px solid #d1d9e0;border-radius:6px;background:#f6f8fa;list-style:none}
.sort ul{position:absolute;right:0;z-index:1;list-style:none;margin:4px 0 0;padding:4px 0;background:#fff;border:1px solid #d1d9e0;border-radius:6px;box-shadow:0 8px 24px #424a5326;min-width:200px}
.sort li a{display:block;padding:4px 12px;color:#1f2328}
.result-list{list-style:none;margin:0;padding:0}
.result{padding:16px 0;border-bottom:1px solid #d1d9e0}
.result h3{font-size:16px;font-weight:600;margin:2px 0;overflow-wrap:anywhere}
.repo{font-size:12px}
.state{margin-left:6px;padding:0 6px;border-radius:2em;font-size:12px;color:#fff}
.state-open{background:#1f883d}.state-closed{background:#8250df}.state-merged{background:#8250df}
.issue .state-closed{background:#8250df}
.labels{display:flex;flex-wrap:wrap;gap:4px;margin:4px 0}
.label{padding:0 7px;font-size:12px;font-weight:500;line-height:18px;border-radius:2em;border:1px solid transparent}
.topic{padding:0 10px;font-size:12px;line-height:22px;border-radius:2em;background:#ddf4ff;color:#0969da}
.description,.excerpt{color:#1f2328;margin:4px 0;overflow-wrap:anywhere}
.excerpt{color:#59636e;max-height:4.5em;overflow:hidden}
.excerpt.code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12px;background:#f6f8fa;border:1px solid #d1d9e0;border-radius:6px;padding:8px;color:#1f2328;white-space:pre-wrap;max-height:9.5em}
.meta{display:flex;flex-wrap:wrap;gap:16px;font-size:12px;margin-top:4px}
.language::before{content:"";display:inline-block;width:10px;height:10px;border-radius:50%;background:#3178c6;margin-right:4px;vertical-align:-1px}
.pagination{display:flex;justify-content:center;gap:4px;margin:24px 0}
.pagination a,.pagination em,.pagination span{min-width:32px;padding:5px 10px;border-radius:6px;text-align:center;font-style:normal}
.pagination em{background:#0969da;color:#fff}.pagination .disabled{color:#818b98}.pagination a:hover{background:#f6f8fa;text-decoration:none}
.flash-error{padding:16px;margin-bottom:16px;border:1px solid #ff818266;border-radius:6px;background:#ffebe9;color:#1f2328}
.flash-error ul{margin:4px 0;padding-left:20px}
.error-query{margin:8px 0;padding:6px 8px;background:#fff;border-radius:6px}
mark.error-span{background:transparent;color:#d1242f;text-decoration:underline wavy #d1242f;font-weight:600}
.blankslate{padding:32px;text-align:center;color:#59636e}
`;
