import type { MissedIssue } from '../db/reviews';
import { KINDS } from '../kinds';
import { FRAME_KINDS } from '../kinds/answer';
import { formatTimestamp } from '../media/manifest';
import type { RunReviews } from '../read-model/reviews';
import { esc, pct, utcMinute } from './html';

/**
 * The review part of the visual report. Every report shows what reviewers
 * said (verdicts beside the issues, missed issues on their frames, who
 * finished); a report served to a reviewer's key adds the controls: Right and
 * Wrong per issue, a click on a frame to add an issue the judge missed, and
 * "Done". The controls post to the report's own `/reviews` and reload the
 * page, so what is shown is what was stored. Made by the CLI, the report has
 * no controls and no script.
 */

/** The reviewer a served report is made for, and the nonce its one script runs under. */
export interface ReviewControls {
  reviewer: string;
  nonce: string;
}

/** Who finished reviewing, and for a reviewer the controls that apply to the whole run. */
export function reviewHeader(reviews: RunReviews, controls: ReviewControls | null): string {
  const done = reviews.completed.map((c) => `${esc(c.reviewer)} (${utcMinute(c.completedAt)})`).join(', ');
  const status = done ? `<p class="reviewed">Reviewed by ${done}.</p>` : '';
  if (!controls) return status;
  const mine = reviews.completed.some((c) => c.reviewer === controls.reviewer);
  return `${status}<div class="review-bar"><span>Reviewing as <strong>${esc(controls.reviewer)}</strong>: mark each issue right or wrong, click on a frame where the judge missed one, then</span> <button type="button" class="done" data-complete="1">${mine ? 'Done again' : 'Done: the rest is right, nothing else missed'}</button><span id="review-status" role="status"></span></div>`;
}

/** The review cell of an issue's row: verdicts so far, and the reviewer's buttons. */
export function verdictCell(issueId: string, reviews: RunReviews, controls: ReviewControls | null): string {
  const verdicts = reviews.verdicts.filter((v) => v.issueId === issueId);
  const count = (verdict: 'right' | 'wrong') => verdicts.filter((v) => v.verdict === verdict);
  const tally = (['right', 'wrong'] as const)
    .filter((v) => count(v).length)
    .map(
      (v) =>
        `<span class="tally ${v}" title="${esc(
          count(v)
            .map((r) => r.reviewer)
            .join(', '),
        )}">${v} ${count(v).length}</span>`,
    )
    .join(' ');
  if (!controls) return tally || '-';
  const mine = verdicts.find((v) => v.reviewer === controls.reviewer)?.verdict;
  const button = (verdict: 'right' | 'wrong', label: string) =>
    `<button type="button" class="verdict ${verdict}" data-issue="${esc(issueId)}" data-verdict="${verdict}" aria-pressed="${mine === verdict}">${label}</button>`;
  return `${button('right', 'Right')}${button('wrong', 'Wrong')} ${tally}`;
}

/** The missed issues reviewers added on one frame, where they clicked. */
export function missedPins(reviews: RunReviews, frameIndex: number): string {
  return reviews.missed
    .filter((m) => m.frameIndex === frameIndex)
    .map(
      (m) =>
        `<div class="missed-pin" style="left:${pct(m.x)};top:${pct(m.y)}"><span>missed: ${esc(m.category)} (${esc(m.reviewer)})</span></div>`,
    )
    .join('');
}

export function missedList(missed: readonly MissedIssue[]): string {
  if (missed.length === 0) return '';
  const rows = missed.map(
    (m) =>
      `<tr class="missed"><td>${esc(m.kind)}</td><td>${esc(m.category)}</td><td><a href="#frame-${m.frameIndex}">frame ${m.frameIndex} · ${formatTimestamp(m.timestampMs)}</a></td><td>${esc(m.reviewer)}</td><td>${utcMinute(m.createdAt)}</td></tr>`,
  );
  return `<h3>Missed by the judge, added by reviewers</h3><table class="issues missed-issues"><thead><tr><th>Kind</th><th>Category</th><th>Where</th><th>Reviewer</th><th>Added</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** The form a click on a frame opens, the categories it offers, and the script behind the controls. */
export function reviewScript(controls: ReviewControls): string {
  const categories = Object.fromEntries(
    FRAME_KINDS.map((k) => [k, KINDS[k].categories.filter((c) => c !== KINDS[k].manipulationCategory)]),
  );
  const options = FRAME_KINDS.map((k) => `<option value="${k}">${k}</option>`).join('');
  return `<form id="missed-form" hidden><strong>Missed here:</strong> <select name="kind" aria-label="kind">${options}</select> <select name="category" aria-label="category"></select> <button type="submit">Add</button> <button type="button" data-cancel="1">Cancel</button></form>
<script type="application/json" id="review-categories">${JSON.stringify(categories).replace(/</g, '\\u003c')}</script>
<script nonce="${controls.nonce}">${SCRIPT}</script>`;
}

// Plain browser JavaScript: the page's one script, run under its nonce.
const SCRIPT = `(() => {
  const url = location.pathname.replace(/\\/$/, '') + '/reviews';
  const status = document.getElementById('review-status');
  const form = document.getElementById('missed-form');
  const categories = JSON.parse(document.getElementById('review-categories').textContent);
  const fill = () => { form.category.replaceChildren(...categories[form.kind.value].map((c) => new Option(c, c))); };
  form.kind.addEventListener('change', fill);
  fill();
  async function post(body) {
    status.textContent = 'saving…';
    const response = await fetch(url, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok) { status.textContent = 'not saved: ' + ((await response.json().catch(() => ({}))).error || response.status); return; }
    location.reload();
  }
  document.addEventListener('click', (event) => {
    const verdict = event.target.closest('button[data-verdict]');
    if (verdict) return post({ issueId: verdict.dataset.issue, verdict: verdict.dataset.verdict });
    if (event.target.closest('button[data-complete]')) return post({ complete: true });
    if (event.target.closest('button[data-cancel]')) { form.hidden = true; return; }
    const shot = event.target.closest('.shot');
    if (!shot || event.target.closest('a, form')) return;
    const box = shot.getBoundingClientRect();
    form.dataset.frame = shot.closest('figure').id.replace('frame-', '');
    form.dataset.x = String(Math.min(1, Math.max(0, (event.clientX - box.left) / box.width)));
    form.dataset.y = String(Math.min(1, Math.max(0, (event.clientY - box.top) / box.height)));
    form.style.left = (event.clientX - box.left) + 'px';
    form.style.top = (event.clientY - box.top) + 'px';
    shot.appendChild(form);
    form.hidden = false;
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    post({ missed: { kind: form.kind.value, category: form.category.value, frameIndex: Number(form.dataset.frame), x: Number(form.dataset.x), y: Number(form.dataset.y) } });
  });
})();`;

export const REVIEW_STYLE = `
.reviewed{color:var(--pass)}.review-bar{background:#e3f2fd;border-left:4px solid var(--low);padding:8px 12px;border-radius:4px;margin:8px 0}
#review-status{margin-left:10px;color:var(--muted)}
button.verdict,button.done{font:inherit;font-size:12px;padding:2px 8px;margin:0 4px 2px 0;border:1px solid var(--line);border-radius:4px;background:#fff;cursor:pointer}
button.verdict.right[aria-pressed=true]{background:var(--pass);color:#fff;border-color:var(--pass)}button.verdict.wrong[aria-pressed=true]{background:var(--high);color:#fff;border-color:var(--high)}
.tally{font-size:11px;padding:0 5px;border-radius:8px;border:1px solid var(--line)}.tally.right{color:var(--pass)}.tally.wrong{color:var(--high)}
.missed-pin{position:absolute;width:14px;height:14px;margin:-7px 0 0 -7px;border-radius:50%;background:#7b1fa2;box-shadow:0 0 0 2px #fff;line-height:1.2}
.missed-pin span{position:absolute;left:16px;top:-3px;white-space:nowrap;font-size:11px;font-weight:600;color:#fff;background:#7b1fa2;padding:1px 5px;border-radius:3px}
#missed-form{position:absolute;z-index:5;background:#fff;border:1px solid var(--line);border-radius:6px;padding:6px;line-height:1.6;box-shadow:0 2px 8px rgba(0,0,0,.3);white-space:nowrap;font-size:12px}
.reviewing .shot{cursor:crosshair}
`;
