// ReviewPanel: a finished game's review for one seat. Two parts of one board:
// "steps" (progress, the step buttons, the decision: chosen against best, the
// alternatives and why) and "overview" (the mistakes, biggest first, and an SVG chart of
// the running scores). It draws only what `state` holds and sends typed requests
// ({type: "goto", index}, {type: "step", to} or {type: "open"}: the decision with every
// hand open) that Python checks.

/**
 * @typedef {{running: boolean, done: number, total: number, text: string, failed?: boolean}} Progress
 * @typedef {{
 *   index: number, hand: number, trick: number | null, kind: string, chosen: string,
 *   chosen_words: string, best: string[], best_words: string[],
 *   chosen_value: number | null, best_value: number | null, unit: string, loss: number,
 *   judged: boolean, forced: boolean, alternatives: [string, string, number | null, string][],
 *   explain: string, loss_words: string,
 * }} Decision
 * @typedef {{
 *   game: string, seat: number, player: string, step: number, steps: number, index: number,
 *   last: number, at_end: boolean, where: string, chosen: string | null,
 *   chosen_words: string | null, decision: Decision | null, mistake_rank: number | null,
 *   mistakes: number, has_prev_mistake: boolean, has_next_mistake: boolean,
 *   ready: boolean, progress: Progress, open: OpenState | null,
 * }} StepsState
 * @typedef {{
 *   state: string, text?: string, words?: string, head?: string[],
 *   rows?: {cells: string[], best: boolean, chosen: boolean}[],
 * }} OpenState
 * @typedef {{
 *   game: string, seat: number, players: string[], scores: number[][], index: number,
 *   hand: number | null, ready: boolean, summary: string, progress: Progress,
 *   mistakes: {index: number, hand: number, trick: number | null, kind: string,
 *              chosen: string, best: string[], loss: number, loss_words: string,
 *              why?: string}[],
 * }} OverviewState
 * @typedef {{
 *   get(name: string): any, send(content: object): void,
 *   on(event: string, cb: Function): void, off(event: string, cb: Function): void,
 * }} Model
 */

/** @param {number | null | undefined} v */
function tenths(v) {
  if (v === null || v === undefined) return "–";
  const r = Math.round(v * 10) / 10;
  return Number.isInteger(r) ? String(r) : r.toFixed(1);
}

/** A value in its unit: a chance as a percentage, a Trex place, points signed.
 * @param {number | null | undefined} v @param {string} unit */
function valueText(v, unit) {
  if (v === null || v === undefined) return "–";
  if (unit === "chance") return _("{percent}%", { percent: Math.round(v * 100) });
  // Translators: a mean finishing place in Trex ("place 2.3"), in the review's table.
  if (unit === "place") return _("place {n}", { n: tenths(v) });
  return v > 0 ? `+${tenths(v)}` : tenths(v).replace("-", "−");
}

const SHOWN = 5;  // alternatives listed: the best ones, and the chosen one however far down

/** What a mistake cost, in the game's points (Python's words for it when given, so the
 * badge and the sentence round alike).
 * @param {number} loss @param {string} [words] */
function lossText(loss, words) {
  const n = words || tenths(loss);
  // A fraction ("4.5") is said as many, as Python's words say it.
  const count = /^\d+$/.test(n) ? Number(n) : 2;
  // Translators: what a mistake cost; {n} may have one decimal ("4.5").
  return ngettext("−{n} point", "−{n} points", count, { n });
}

const UNIT_HEAD = { chance: N_("chance of making the bid"), points: N_("points"),
  place: N_("Trex place") };

/** Choices as one phrase: "Q♠ or 10♥".
 * @param {string[]} words */
function orWords(words) {
  // Translators: two choices (or more, one at a time) that do equally well: "Q♠ or 10♥".
  return words.length ? words.reduce((a, b) => _("{first} or {second}", { first: a, second: b }))
    : "";
}

/**
 * A message's nodes with one of its fields drawn as its own element (the rest as text),
 * so that a translation may put the field anywhere: "You chose {action}" with the action
 * in bold. Each text part is a span.
 * @param {string} text the message in the learner's language, other fields filled
 * @param {string} field e.g. "action"
 * @param {HTMLElement} el
 * @returns {(HTMLElement)[]}
 */
function around(text, field, el) {
  const [before, after = ""] = text.split(`{${field}}`);
  return [...(before ? [h("span", "", before)] : []), el,
    ...(after ? [h("span", "", after)] : [])];
}

/**
 * A button with a test id; disabled buttons say so to screen readers too.
 * @param {string} label
 * @param {string} testid
 * @param {boolean} enabled
 * @param {() => void} onClick
 * @param {string} [title]
 */
function button(label, testid, enabled, onClick, title) {
  const b = /** @type {HTMLButtonElement} */ (h("button", "tt-btn", label));
  b.type = "button";
  b.dataset.testid = testid;
  b.disabled = !enabled;
  if (title) b.title = title;
  b.addEventListener("click", onClick);
  return b;
}

/** @param {Progress} p */
function progressLine(p) {
  const box = h("div", "tt-rv-progress");
  box.dataset.testid = "review-progress";
  if (p.failed) {
    box.classList.add("tt-rv-failed");
    box.textContent = p.text;
    return box;
  }
  const bar = /** @type {HTMLProgressElement} */ (h("progress"));
  if (p.total > 0) {
    bar.max = p.total;
    bar.value = Math.min(p.done, p.total);
  }
  // Babel reads no call inside a template literal: the words are said first.
  const percent = Math.round((100 * p.done) / p.total);
  const pct = p.total > 0 ? " " + _("{percent}%", { percent }) : "";
  const text = p.text || _("Looking for better moves…");
  bar.setAttribute("aria-label", _("review progress"));
  box.append(bar, h("span", "", `${text}${pct}`));
  return box;
}

/**
 * The "steps" part.
 * @param {StepsState} s
 * @param {(c: object) => void} send
 */
function stepsPart(s, send) {
  const root = decisionPart(s, send);
  if (s.open && !s.at_end) root.appendChild(openPart(s.open, send));
  return root;
}

/**
 * The decision with every hand open (a finished hand's card): the offer, the wait, or
 * each legal card's value against the real layout and the sentence that reads it.
 * @param {OpenState} o
 * @param {(c: object) => void} send
 */
function openPart(o, send) {
  const box = h("div", "tt-rv-open");
  box.dataset.testid = "review-open";
  if (o.state === "offer") {
    box.append(
      // Translators: a button of the game review: solve this decision with every hand open.
      button(_("Show every hand"), "review-open-button", true, () => send({ type: "open" }),
        _("what each card would have given against the real hands")),
      h("span", "tt-rv-sub", " " + _("The hand is over: see what each card would have given against the real hands.")));
    return box;
  }
  if (o.state === "solving") {
    box.appendChild(h("p", "tt-rv-wait", _("Solving with every hand open…")));
    return box;
  }
  if (o.state !== "done") {
    box.appendChild(h("p", "tt-rv-wait", o.text || ""));
    return box;
  }
  box.appendChild(h("div", "tt-rv-where", _("With every hand open")));
  const table = h("table", "tt-rv-alts");
  table.dataset.testid = "review-open-table";
  const hr = h("tr");
  (o.head || []).forEach((text, k) => hr.appendChild(h("th", k ? "tt-num" : "", text)));
  table.appendChild(hr);
  for (const row of o.rows || []) {
    const tr = h("tr");
    if (row.best) tr.classList.add("tt-rv-is-best");
    if (row.chosen) tr.classList.add("tt-rv-is-chosen");
    row.cells.forEach((text, k) => {
      const td = h("td", k ? "tt-num" : "", text);
      if (!k && row.chosen) td.appendChild(h("span", "tt-rv-tag", _("yours")));
      if (!k && row.best) td.appendChild(h("span", "tt-rv-tag tt-rv-tag-best", _("best")));
      tr.appendChild(td);
    });
    table.appendChild(tr);
  }
  box.appendChild(table);
  const words = h("p", "tt-rv-why", o.words || "");
  words.dataset.testid = "review-open-words";
  box.appendChild(words);
  return box;
}

/**
 * @param {StepsState} s
 * @param {(c: object) => void} send
 */
function decisionPart(s, send) {
  const root = h("div", "tt-rv-steps");
  const head = h("div", "tt-rv-head");
  head.append(h("b", "", _("Game review")),
    h("span", "tt-rv-sub", " · " + _("your decisions as {player}", { player: s.player })));
  root.appendChild(head);
  if (s.progress && (s.progress.running || s.progress.failed)) root.appendChild(progressLine(s.progress));

  const bar = h("div", "tt-rv-bar");
  bar.setAttribute("role", "toolbar");
  bar.setAttribute("aria-label", _("step through your decisions"));
  const go = (/** @type {string} */ to) => () => send({ type: "step", to });
  bar.append(
    // Translators: a button of the game review: to the first decision.
    button(_("First"), "review-first", s.step > 0, go("first"), _("first decision")),
    button(_("◀ Back"), "review-prev", s.step > 0, go("prev"), _("previous decision")),
  );
  const count = h("span", "tt-rv-count", s.at_end ? _("End of game")
    : _("Decision {n} of {total}", { n: s.step + 1, total: s.steps - 1 }));
  count.dataset.testid = "review-step";
  bar.appendChild(count);
  bar.append(
    button(_("Next ▶"), "review-next", s.step < s.steps - 1, go("next"), _("next decision")),
    // Translators: a button of the game review: to the end of the game.
    button(_("End"), "review-last", s.step < s.steps - 1, go("last"), _("end of the game")),
  );
  const mbar = h("span", "tt-rv-mistake-nav");
  mbar.append(
    // Translators: a button of the game review: to the previous mistake.
    button(_("◀ Mistake"), "review-prev-mistake", s.has_prev_mistake, go("prev_mistake"),
      _("previous mistake")),
    // Translators: a button of the game review: to the next mistake.
    button(_("Mistake ▶"), "review-next-mistake", s.has_next_mistake, go("next_mistake"),
      _("next mistake")),
  );
  bar.appendChild(mbar);
  root.appendChild(bar);

  const box = h("div", "tt-rv-decision");
  box.dataset.testid = "review-decision";
  root.appendChild(box);
  if (s.at_end) {
    box.appendChild(h("div", "tt-rv-where", _("The end")));
    box.appendChild(h("p", "", s.ready
      ? (s.mistakes ? ngettext("{n} mistake found: the list below starts with the biggest.",
        "{n} mistakes found: the list below starts with the biggest.", s.mistakes)
        : _("No mistakes found: well played!"))
      : _("The game as you saw it. The review is still running.")));
    return root;
  }
  const where = h("div", "tt-rv-where", s.where);
  box.appendChild(where);
  const d = s.decision;
  const line = h("div", "tt-rv-chosen");
  line.append(...around(_("You chose {action}"), "action",
    h("b", "tt-rv-action", s.chosen_words || "")));
  if (d && d.judged && d.loss > 0) {
    line.classList.add("tt-rv-bad");
    const loss = lossText(d.loss, d.loss_words);
    const badge = h("span", "tt-rv-badge tt-rv-loss", s.mistake_rank
      // Translators: a badge: the rank of a mistake (1: the biggest) and what it cost.
      ? _("mistake {rank} · {loss}", { rank: s.mistake_rank, loss }) : loss);
    badge.dataset.testid = "review-loss";
    line.appendChild(badge);
  } else if (d && d.forced) {
    line.appendChild(h("span", "tt-rv-badge tt-rv-plain", _("your only choice")));
  } else if (d && d.judged) {
    line.classList.add("tt-rv-good");
    line.appendChild(h("span", "tt-rv-badge tt-rv-ok", "✓ " + _("a best choice")));
  }
  box.appendChild(line);
  if (!s.ready) {
    box.appendChild(h("p", "tt-rv-wait",
      _("The review is still running: the best choice and the other options show here when it is done.")));
    return root;
  }
  if (!d) {
    box.appendChild(h("p", "tt-rv-wait", _("Not reviewed.")));
    return root;
  }
  if (!d.judged || d.forced) {
    const why = h("p", "tt-rv-why", d.explain || _("Not judged."));
    why.dataset.testid = "review-explain";
    box.appendChild(why);
    return root;
  }
  if (d.loss > 0) {
    const best = h("div", "tt-rv-best");
    // Translators: the best choice(s) at a decision, in bold: "Best Q♠ or 10♥".
    best.append(...around(_("Best {actions}"), "actions",
      h("b", "tt-rv-action", orWords(d.best_words))));
    box.appendChild(best);
  }
  if (d.alternatives.length) {
    const table = h("table", "tt-rv-alts");
    table.dataset.testid = "review-alternatives";
    const hr = h("tr");
    // Translators: the head of the review's column of choices.
    const choiceHead = _("choice");
    // Translators: the head of the review's column of values, when its unit is unknown.
    const value = _("value");
    const unitHead = UNIT_HEAD[d.unit] ? _(UNIT_HEAD[d.unit]) : d.unit || value;
    hr.append(h("th", "", choiceHead), h("th", "tt-num", unitHead));
    table.appendChild(hr);
    const shown = d.alternatives.filter(([text], k) => k < SHOWN || text === d.chosen);
    for (const [text, words, value, valueWords] of shown) {
      const tr = h("tr");
      if (d.best.includes(text)) tr.classList.add("tt-rv-is-best");
      if (text === d.chosen) tr.classList.add("tt-rv-is-chosen");
      const name = h("td", "", words);
      // Translators: a tag on the learner's own choice in the review's table.
      if (text === d.chosen) name.appendChild(h("span", "tt-rv-tag", _("yours")));
      // Translators: a tag on the best choice in the review's table.
      if (d.best.includes(text)) name.appendChild(h("span", "tt-rv-tag tt-rv-tag-best", _("best")));
      tr.append(name, h("td", "tt-num", valueWords || valueText(value, d.unit)));
      table.appendChild(tr);
    }
    box.appendChild(table);
    const more = d.alternatives.length - shown.length;
    if (more > 0) {
      box.appendChild(h("div", "tt-rv-more",
        ngettext("and {n} worse choice", "and {n} worse choices", more)));
    }
  }
  if (d.explain) {
    const why = h("p", "tt-rv-why", d.explain);
    why.dataset.testid = "review-explain";
    box.appendChild(why);
  }
  return root;
}

/**
 * The running score chart: one line per seat, the reviewed seat's thick; mistakes as
 * red dots on its line (click to go there); the current hand marked.
 * @param {OverviewState} s
 * @param {(c: object) => void} send
 */
function chart(s, send) {
  const rows = s.scores || [];
  const n = s.players.length;
  const W = 560, H = 236, L = 40, R = 92, T = 12, B = 40;
  const svg = sv("svg", { viewBox: `0 0 ${W} ${H}`, class: "tt-rv-chart", role: "img",
    "aria-label": _("running scores, hand by hand") });
  svg.dataset.testid = "review-chart";
  if (!rows.length) {
    const t = sv("text", { x: W / 2, y: H / 2, "text-anchor": "middle", class: "tt-rv-tick" });
    t.textContent = _("No hand finished yet.");
    svg.appendChild(t);
    return svg;
  }
  const series = [Array(n).fill(0), ...rows];
  const all = series.flat();
  let lo = Math.min(0, ...all), hi = Math.max(0, ...all);
  if (hi === lo) hi = lo + 1;
  const x = (/** @type {number} */ k) => L + (k * (W - L - R)) / Math.max(1, series.length - 1);
  const y = (/** @type {number} */ v) => T + ((hi - v) * (H - T - B)) / (hi - lo);
  svg.append(sv("line", { x1: L, y1: y(0), x2: W - R, y2: y(0), class: "tt-rv-axis" }),
    sv("line", { x1: L, y1: T, x2: L, y2: H - B, class: "tt-rv-axis" }));
  // 0 first; a bound closer than a line of text to a label drawn already is left out.
  /** @type {number[]} */
  const drawn = [];
  for (const v of [0, lo, hi]) {
    if (drawn.some((d) => Math.abs(y(d) - y(v)) < 13)) continue;
    drawn.push(v);
    const t = sv("text", { x: L - 4, y: y(v) + 4, "text-anchor": "end", class: "tt-rv-tick" });
    t.textContent = num(Math.round(v));
    svg.appendChild(t);
  }
  const stepX = Math.max(1, Math.ceil((series.length - 1) / 10));
  for (let k = 0; k < series.length; k += stepX) {
    const t = sv("text", { x: x(k), y: H - B + 14, "text-anchor": "middle", class: "tt-rv-tick" });
    t.textContent = String(k);
    svg.appendChild(t);
  }
  // The axis name on a line of its own, under the numbers.
  const label = sv("text", { x: (L + W - R) / 2, y: H - 6, "text-anchor": "middle",
    class: "tt-rv-tick" });
  // Translators: the name of the running score chart's axis in Trix (a deal of the kingdom).
  label.textContent = s.game === "trix" ? _("deal")
    // Translators: the name of the running score chart's axis in Trixter (a hand).
    : _("hand");
  svg.appendChild(label);
  if (s.hand) {  // the hand of the current step: played up to its end at x(hand)
    const k = Math.min(s.hand, series.length - 1);
    svg.appendChild(sv("rect", { x: x(k - 1), y: T, width: Math.max(2, x(k) - x(k - 1)),
      height: H - T - B, class: "tt-rv-now" }));
  }
  // Others first, then the reviewed seat on top.
  const order = [...Array(n).keys()].filter((p) => p !== s.seat).concat([s.seat]);
  const ends = [];
  for (const p of order) {
    const pts = series.map((r, k) => `${x(k).toFixed(1)},${y(r[p] ?? 0).toFixed(1)}`).join(" ");
    const me = p === s.seat;
    const line = sv("polyline", { points: pts, fill: "none",
      stroke: COLOURS[p % COLOURS.length], "stroke-width": me ? 3.5 : 1.5,
      "stroke-dasharray": DASHES[p % DASHES.length], opacity: me ? 1 : 0.55 });
    line.dataset.seat = String(p);
    if (me) line.classList.add("tt-rv-me");
    const title = sv("title", {});
    // Translators: the reviewed player's line on the score chart; {name} is the seat's name.
    title.textContent = me ? _("you ({name})", { name: s.players[p] }) : s.players[p];
    line.appendChild(title);
    svg.appendChild(line);
    ends.push({ p, v: series[series.length - 1][p] ?? 0 });
  }
  // End labels, pushed apart so they do not overlap.
  ends.sort((a, b) => y(a.v) - y(b.v));
  let prev = -Infinity;
  for (const e of ends) {
    const yy = Math.max(y(e.v) + 4, prev + 13);
    prev = yy;
    const t = sv("text", { x: W - R + 6, y: yy, class: "tt-rv-end",
      fill: COLOURS[e.p % COLOURS.length] });
    const score = num(Math.round(e.v));
    // Translators: the end of the reviewed player's line on the score chart: "You 27".
    t.textContent = e.p === s.seat ? _("You {score}", { score })
      : `${s.players[e.p]} ${score}`;
    if (e.p === s.seat) t.setAttribute("font-weight", "700");
    svg.appendChild(t);
  }
  for (const m of s.mistakes || []) {
    const k = Math.min(Math.max(1, m.hand || 1), series.length - 1);
    const c = sv("circle", { cx: x(k), cy: y(series[k][s.seat] ?? 0), r: m.index === s.index ? 7 : 5,
      class: "tt-rv-dot" });
    c.dataset.index = String(m.index);
    const title = sv("title", {});
    const said = { n: m.hand, chosen: m.chosen, best: orWords(m.best),
      loss: lossText(m.loss, m.loss_words) };
    // Translators: a mistake on the score chart: "Deal 3: Q♠, best 10♥ (−4 points)".
    title.textContent = s.game === "trix" ? _("Deal {n}: {chosen}, best {best} ({loss})", said)
      // Translators: a mistake on the score chart: "Hand 3: Q♠, best 10♥ (−4 points)".
      : _("Hand {n}: {chosen}, best {best} ({loss})", said);
    c.appendChild(title);
    c.addEventListener("click", () => send({ type: "goto", index: m.index }));
    svg.appendChild(c);
  }
  return svg;
}

/** Where a mistake was: "Hand 3, trick 2", "Deal 4" (a bid or a contract: no trick).
 * @param {string} game @param {number} hand @param {number | null} trick */
function whereWords(game, hand, trick) {
  if (game === "trix") {
    return trick ? _("Deal {hand}, trick {trick}", { hand, trick }) : _("Deal {hand}", { hand });
  }
  return trick ? _("Hand {hand}, trick {trick}", { hand, trick }) : _("Hand {hand}", { hand });
}

/**
 * The "overview" part.
 * @param {OverviewState} s
 * @param {(c: object) => void} send
 */
function overviewPart(s, send) {
  const root = h("div", "tt-rv-overview");
  const col = h("div", "tt-rv-list");
  col.appendChild(h("div", "tt-rv-head", _("Where points were lost")));
  if (!s.ready) {
    col.appendChild(h("p", "tt-rv-wait", s.progress && s.progress.failed
      ? _("No review: see the message above.") : _("The list comes when the review is done.")));
  } else {
    if (s.summary) col.appendChild(h("p", "tt-rv-summary", s.summary));
    if (!s.mistakes.length) {
      col.appendChild(h("p", "", _("No mistakes found.")));
    } else {
      const ol = h("ol", "tt-rv-mistakes");
      ol.dataset.testid = "review-mistakes";
      for (const m of s.mistakes) {
        const li = h("li");
        const b = /** @type {HTMLButtonElement} */ (h("button", "tt-rv-mistake"));
        b.type = "button";
        b.dataset.index = String(m.index);
        if (m.index === s.index) {
          b.classList.add("tt-rv-current");
          b.setAttribute("aria-current", "true");
        }
        b.append(h("span", "tt-rv-m-where", whereWords(s.game, m.hand, m.trick)),
          h("span", "tt-rv-m-what", `${m.chosen} → ${orWords(m.best)}`),
          h("span", "tt-rv-m-loss", lossText(m.loss, m.loss_words)));
        if (m.why) b.appendChild(h("span", "tt-rv-m-why", m.why));  // the game's idea
        b.addEventListener("click", () => send({ type: "goto", index: m.index }));
        li.appendChild(b);
        ol.appendChild(li);
      }
      col.appendChild(ol);
    }
  }
  const pic = h("div", "tt-rv-chart-box");
  pic.appendChild(h("div", "tt-rv-head", _("Running score")));
  pic.appendChild(chart(s, send));
  root.append(col, pic);
  return root;
}

export default {
  /** @param {{model: Model, el: HTMLElement}} ctx */
  render({ model, el }) {
    const root = h("div", "trix-tutor tt-review");
    el.appendChild(root);
    const send = (/** @type {object} */ c) => model.send(c);

    function draw() {
      const part = model.get("part");
      const s = model.get("state") || {};
      const active = root.contains(document.activeElement) && document.activeElement instanceof HTMLElement
        ? document.activeElement : null;
      const focusId = active ? (active.dataset.testid || (active.dataset.index
        ? `index:${active.dataset.index}` : "")) : "";
      root.replaceChildren();
      root.classList.toggle("four-colour", !!model.get("four_colour"));
      root.dataset.part = part;
      if (!s.players && !s.player) {
        root.appendChild(h("div", "tt-rv-wait", _("No game to review.")));
        return;
      }
      root.appendChild(part === "overview" ? overviewPart(s, send) : stepsPart(s, send));
      const err = sentence(model.get("error"));
      if (err) {
        const e = h("div", "tt-rv-error", err);
        e.dataset.testid = "review-error";
        e.setAttribute("role", "alert");
        root.appendChild(e);
      }
      if (focusId) {
        const sel = focusId.startsWith("index:") ? `[data-index="${focusId.slice(6)}"]`
          : `[data-testid="${focusId}"]`;
        const target = /** @type {HTMLElement | null} */ (root.querySelector(sel));
        if (target && !(/** @type {any} */ (target).disabled)) target.focus({ preventScroll: true });
      }
    }

    /** @param {KeyboardEvent} ev */
    function keys(ev) {
      if (model.get("part") !== "steps") return;
      const to = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[ev.key];
      if (!to || (ev.target instanceof HTMLElement && ev.target.closest("table"))) return;
      ev.preventDefault();
      send({ type: "step", to });
    }

    root.addEventListener("keydown", keys);
    const events = ["change:state", "change:error", "change:part", "change:four_colour"];
    for (const e of events) model.on(e, draw);
    draw();
    return () => {
      for (const e of events) model.off(e, draw);
      root.removeEventListener("keydown", keys);
      root.remove();
    };
  },
};
