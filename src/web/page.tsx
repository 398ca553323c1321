/**
 * The search page as server-rendered HTML (React's static renderer, no script): GitHub's layout of a search box,
 * a sidebar of result types with their counts and the language/state facets, the results of one type, sort
 * choices and pagination — or the 422 of a refused query with the offending part of `q` marked. Every link is a
 * plain `GET /search?q=&type=&s=&o=&p=`, so the page works without JavaScript.
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { FacetValue } from './facets.js';
import { ROWS } from './results.js';
import { PAGE_STYLE } from './style.js';
import { WEB_TYPES, type WebType } from './web-types.js';

type Item = Record<string, unknown>;

/** The parameters a results page link carries. */
export interface PageParams {
  readonly q: string;
  readonly type: string;
  readonly s?: string | undefined;
  readonly o?: string | undefined;
  readonly p?: number | undefined;
}

/** `/search?q=…&type=…[&s=…&o=…][&p=…]`, the page's own URL shape (GitHub's). */
export function searchHref(params: PageParams): string {
  const search = new URLSearchParams({ q: params.q, type: params.type });
  if (params.s) search.set('s', params.s);
  if (params.s && params.o) search.set('o', params.o);
  if (params.p !== undefined && params.p > 1) search.set('p', String(params.p));
  return `/search?${search.toString()}`;
}

/** Who is looking, as the header shows it. */
export interface PageViewer {
  /** The login, or a short description of an identified caller without one; undefined: anonymous. */
  readonly name: string | undefined;
  /** The server checks credentials (an access file): a sign-in link is offered to anonymous callers. */
  readonly canSignIn: boolean;
}

/** A refused query as the page shows it. */
export interface PageError {
  readonly status: number;
  readonly title: string;
  readonly details: readonly string[];
  readonly documentationUrl: string | undefined;
  /** The typed `q` and the part of it the error is about (UTF-16 offsets), when known. */
  readonly q: string;
  readonly span: { readonly start: number; readonly end: number } | undefined;
}

/** Everything a results page shows. */
export interface ResultsModel {
  readonly q: string;
  readonly type: WebType;
  readonly s: string | undefined;
  readonly o: string | undefined;
  readonly page: number;
  readonly result:
    | { readonly total: number; readonly incomplete: boolean; readonly items: readonly Item[]; readonly lastPage: number }
    | undefined;
  readonly error: PageError | undefined;
  /** The `total_count` of `q` per type, undefined where that type refuses it. */
  readonly counts: ReadonlyArray<{ readonly type: WebType; readonly count: number | undefined }>;
  readonly languages: readonly FacetValue[];
  readonly states: readonly FacetValue[] | undefined;
  /** The kind's sort keys (GitHub's `sort` values). */
  readonly sorts: readonly string[];
  readonly viewer: PageViewer;
  /** Epoch ms, for relative times. */
  readonly now: number;
}

const number = new Intl.NumberFormat('en-US');

function Header({ q, type, viewer }: { q: string; type: string; viewer: PageViewer }): ReactNode {
  return (
    <header className="header">
      <a href="/" className="brand">
        Search
      </a>
      <form action="/search" method="get" className="search-form" role="search">
        <input type="text" name="q" defaultValue={q} aria-label="Search" placeholder="Search or jump to…" autoComplete="off" />
        <input type="hidden" name="type" value={type} />
        <button type="submit">Search</button>
      </form>
      <span className="who">
        {viewer.name !== undefined ? (
          <>
            Signed in as <strong>{viewer.name}</strong>
          </>
        ) : viewer.canSignIn ? (
          <a href="/login">Sign in</a>
        ) : (
          'Public records'
        )}
      </span>
    </header>
  );
}

function Document({ title, children }: { title: string; children: ReactNode }): ReactNode {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <link rel="icon" href="data:," />
        <style dangerouslySetInnerHTML={{ __html: PAGE_STYLE }} />
      </head>
      <body>{children}</body>
    </html>
  );
}

/** The full HTML of a page (doctype included). */
function html(node: ReactNode): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(node)}`;
}

/** `GET /`: the search box and the result types to search. */
export function renderHomePage(viewer: PageViewer): string {
  return html(
    <Document title="Search · offline GitHub search">
      <Header q="" type="repositories" viewer={viewer} />
      <main className="home">
        <h1>Search the dump</h1>
        <form action="/search" method="get" className="home-form" role="search">
          <input type="text" name="q" aria-label="Search" placeholder="Search with GitHub's query language" autoFocus autoComplete="off" />
          <fieldset className="kinds">
            <legend>Type</legend>
            {WEB_TYPES.map((t) => (
              <label key={t.type}>
                <input type="radio" name="type" value={t.type} defaultChecked={t.type === 'repositories'} /> {t.title}
              </label>
            ))}
          </fieldset>
          <button type="submit">Search</button>
        </form>
      </main>
    </Document>,
  );
}

function Sidebar({ model }: { model: ResultsModel }): ReactNode {
  return (
    <nav className="sidebar" aria-label="Filter by">
      <h2>Filter by</h2>
      <ul className="types">
        {model.counts.map(({ type, count }) => (
          <li key={type.type} className={type.type === model.type.type ? 'selected' : undefined}>
            <a href={searchHref({ q: model.q, type: type.type })} data-type={type.type} data-count={count}>
              <span>{type.title}</span>
              {count !== undefined && <span className="counter">{compact(count)}</span>}
            </a>
          </li>
        ))}
      </ul>
      <Facet title="Languages" name="language" values={model.languages} type={model.type.type} />
      {model.states && <Facet title="State" name="state" values={model.states} type={model.type.type} />}
    </nav>
  );
}

function Facet({ title, name, values, type }: { title: string; name: string; values: readonly FacetValue[]; type: string }): ReactNode {
  if (values.length === 0) return null;
  return (
    <section className="facet" data-facet={name}>
      <h3>{title}</h3>
      <ul>
        {values.map((v) => (
          <li key={v.value}>
            <a href={searchHref({ q: v.q, type })} data-value={v.value} data-count={v.count}>
              <span>{v.value}</span>
              <span className="counter">{compact(v.count)}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** GitHub's sidebar numbers: `1.2k` from 1000 on, `3M` from a million. */
function compact(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(Math.floor(n / 100) / 10).toString()}k`;
  return `${(Math.floor(n / 100_000) / 10).toString()}M`;
}

function SortMenu({ model }: { model: ResultsModel }): ReactNode {
  if (model.sorts.length === 0) return null;
  const current = model.s && model.sorts.includes(model.s) ? `${model.s} ${model.o === 'asc' ? 'ascending' : 'descending'}` : 'Best match';
  const choices: Array<{ label: string; s?: string; o?: string }> = [{ label: 'Best match' }];
  for (const key of model.sorts) choices.push({ label: `${key} descending`, s: key, o: 'desc' }, { label: `${key} ascending`, s: key, o: 'asc' });
  return (
    <details className="sort">
      <summary>Sort by: {current}</summary>
      <ul>
        {choices.map((c) => (
          <li key={c.label}>
            <a href={searchHref({ q: model.q, type: model.type.type, s: c.s, o: c.o })}>{c.label}</a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Page numbers as GitHub lays them out: first two, a window around the current page, last two, gaps as `…`. */
export function pageNumbers(page: number, last: number): Array<number | 'gap'> {
  const shown = new Set<number>();
  for (const n of [1, 2, last - 1, last, page - 2, page - 1, page, page + 1, page + 2]) if (n >= 1 && n <= last) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: Array<number | 'gap'> = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n > sorted[i - 1]! + 1) out.push('gap');
    out.push(n);
  });
  return out;
}

function Pagination({ model, last }: { model: ResultsModel; last: number }): ReactNode {
  if (last <= 1) return null;
  const href = (p: number) => searchHref({ q: model.q, type: model.type.type, s: model.s, o: model.o, p });
  return (
    <nav className="pagination" aria-label="Pagination">
      {model.page > 1 ? (
        <a href={href(model.page - 1)} rel="prev" className="prev">
          ‹ Previous
        </a>
      ) : (
        <span className="disabled">‹ Previous</span>
      )}
      {pageNumbers(model.page, last).map((n, i) =>
        n === 'gap' ? (
          <span key={`gap${i}`} className="gap">
            …
          </span>
        ) : n === model.page ? (
          <em key={n} aria-current="page">
            {n}
          </em>
        ) : (
          <a key={n} href={href(n)}>
            {n}
          </a>
        ),
      )}
      {model.page < last ? (
        <a href={href(model.page + 1)} rel="next" className="next">
          Next ›
        </a>
      ) : (
        <span className="disabled">Next ›</span>
      )}
    </nav>
  );
}

/** The query with the error's span in `<mark class="error-span">` (clipped to the typed `q`). */
function QueryWithSpan({ q, span }: { q: string; span: PageError['span'] }): ReactNode {
  if (!span || span.start >= q.length || span.end <= span.start) return <code>{q}</code>;
  const end = Math.min(span.end, q.length);
  return (
    <code>
      {q.slice(0, span.start)}
      <mark className="error-span">{q.slice(span.start, end)}</mark>
      {q.slice(end)}
    </code>
  );
}

function ErrorBox({ error }: { error: PageError }): ReactNode {
  return (
    <div className="flash-error" role="alert" data-status={error.status}>
      <strong>{error.title}</strong>
      <ul>
        {error.details.map((d, i) => (
          <li key={i}>{d}</li>
        ))}
      </ul>
      <div className="error-query">
        <QueryWithSpan q={error.q} span={error.span} />
      </div>
      {error.documentationUrl && (
        <a href={error.documentationUrl} className="muted">
          {error.documentationUrl}
        </a>
      )}
    </div>
  );
}

/** `GET /search?…`: results (or the refusal) with the sidebar. */
export function renderResultsPage(model: ResultsModel): string {
  const { result, error } = model;
  const Row = ROWS[model.type.kind];
  return html(
    <Document title={`Search · ${model.q}`}>
      <Header q={model.q} type={model.type.type} viewer={model.viewer} />
      <div className="layout">
        <Sidebar model={model} />
        <main className="results">
          {error && <ErrorBox error={error} />}
          {result && (
            <>
              <div className="results-head">
                <h2 className="total" data-total={result.total}>
                  {number.format(result.total)} {result.total === 1 ? 'result' : 'results'}
                  {result.incomplete && <span className="muted"> (incomplete: the time limit ran out)</span>}
                </h2>
                <SortMenu model={model} />
              </div>
              {result.items.length === 0 ? (
                <p className="blankslate">Your search did not match any {model.type.title.toLowerCase()}.</p>
              ) : (
                <ul className="result-list">
                  {result.items.map((item, i) => (
                    <li className="result" key={i}>
                      <Row item={item} ctx={{ now: model.now }} />
                    </li>
                  ))}
                </ul>
              )}
              <Pagination model={model} last={result.total === 0 ? 1 : result.lastPage} />
            </>
          )}
        </main>
      </div>
    </Document>,
  );
}
