// ScoreSheet: the public score sheet of either game and an SVG chart of running totals.
// Each seat's line has its own colour AND dash pattern and an end label.

/**
 * @typedef {{
 *   game: "trixter" | "trix", seat: number, players: string[], rows: any[],
 *   scores: number[], team_scores?: number[] | null, phase?: string,
 * }} SheetState
 * @typedef {{
 *   get(name: string): any, on(event: string, cb: Function): void,
 *   off(event: string, cb: Function): void,
 * }} Model
 */

/**
 * The number of a default player's name ("Player 2", as the engine names a seat in the
 * learner's language), or null for a name of one's own.
 * @param {string} name
 * @returns {string | null}
 */
function playerNumber(name) {
  const [before, after = ""] = _("Player {n}").split("{n}");
  if (!name.startsWith(before) || !name.endsWith(after)) return null;
  const n = name.slice(before.length, name.length - after.length);
  return /^\d+$/.test(n) ? n : null;
}

/**
 * A player's name for a column head: in full, and short for a narrow sheet ("P2" for
 * "Player 2", else the first four letters) with the full name as its title.
 * @param {string} name
 * @returns {HTMLElement}
 */
function nameHead(name) {
  const n = playerNumber(name);
  // Translators: "Player {n}" cut short for a narrow score sheet's column head.
  const short = n !== null ? _("P{n}", { n }) : name.slice(0, 4);
  const th = h("th", "tt-player");
  th.appendChild(h("span", "tt-long", name));
  if (short !== name) {
    const abbr = h("abbr", "tt-short", short);
    abbr.title = name;
    th.appendChild(abbr);
  } else {
    th.appendChild(h("span", "tt-short", name));
  }
  return th;
}

/**
 * A player's cell: on a wide sheet "2/1 ✗ -10 = 35" on one line; on a narrow one the
 * total on top and the rest under it (CSS `.tt-cell`), so no column needs to scroll.
 * @param {number} points
 * @param {number} total
 * @param {HTMLElement | null} [bidTook]
 * @returns {HTMLElement}
 */
function playerCell(points, total, bidTook) {
  const td = h("td", "tt-num");
  const cell = h("span", "tt-cell");
  if (bidTook) cell.append(bidTook, " ");
  cell.append(h("span", "tt-pts", signed(points)), h("span", "tt-eq", " = "),
    h("span", "tt-tot", num(total)));
  td.appendChild(cell);
  return td;
}

/**
 * @param {SheetState} st
 * @returns {HTMLElement}
 */
function sheetTable(st) {
  const n = st.players.length;
  const wrap = h("div", "tt-sheet-wrap");
  const table = h("table", `tt-sheet tt-sheet-${st.game}`);
  table.dataset.testid = "score-sheet";
  const head = h("tr");
  const cols = st.game === "trixter" ? [
    // Translators: a column of the score sheet: the hand's number.
    _("Hand"),
    // Translators: a column of the score sheet: how many cards each player had.
    _("Cards"),
    // Translators: a column of the score sheet: the hand's trump.
    _("Trump"),
  ] : [
    // Translators: a column of the score sheet: the deal's number in its kingdom.
    _("Deal"),
    // Translators: a column of the score sheet: the kingdom's owner, who chose the contract.
    _("Owner"),
    // Translators: a column of the score sheet: the deal's contract.
    _("Contract"),
  ];
  cols.forEach((c, i) => head.appendChild(h("th", `tt-col-${i}`, c)));
  for (let p = 0; p < n; p++) {
    // Translators: the learner, in place of their name (a column, a chart's line).
    const th = nameHead(p === st.seat && !st.watching ? _("You") : st.players[p]);
    th.style.borderBottom = `3px solid ${COLOURS[p % COLOURS.length]}`;
    head.appendChild(th);
  }
  const thead = h("thead");
  thead.appendChild(head);
  table.appendChild(thead);
  const body = h("tbody");
  for (const row of st.rows || []) {
    const tr = h("tr");
    if (st.game === "trixter") {
      tr.appendChild(h("td", "tt-col-0", String(row.hand)));
      tr.appendChild(h("td", "tt-col-1", String(row.hand_size)));
      // Translators: the score sheet's trump column: the hand had no trump.
      const t = row.trump === "none" ? _("none") : (SUIT_SYMBOL[row.trump] || row.trump);
      const trump = h("td", "tt-col-2", t);
      if (row.trump && row.trump !== "none") trump.classList.add(`suit-${row.trump}`);
      trump.title = row.trump === "none" ? _("no trump")
        // Translators: the hand's trump, in the score sheet: "trump: spades".
        : _("trump: {suit}", { suit: _(SUIT_NAME[row.trump] || row.trump) });
      tr.appendChild(trump);
      for (let p = 0; p < n; p++) {
        if (row.bids[p] === null || row.bids[p] === undefined) {
          tr.appendChild(h("td", "tt-num"));
          continue;
        }
        const made = row.bids[p] === row.tricks[p];
        const bt = h("span", made ? "tt-made" : "tt-missed",
          `${row.bids[p]}/${row.tricks[p]}${made ? " ✓" : " ✗"}`);
        const said = { bid: row.bids[p], took: row.tricks[p] };
        bt.title = made
          // Translators: a player's Trixter hand in the score sheet: the bid was made.
          ? _("bid {bid}, took {took}: made", said)
          // Translators: a player's Trixter hand in the score sheet: the bid was missed.
          : _("bid {bid}, took {took}: missed", said);
        tr.appendChild(playerCell(row.points[p], row.totals[p], bt));
      }
    } else {
      tr.appendChild(h("td", "tt-col-0", `${row.kingdom}.${row.deal_in_kingdom}`));
      const mine = row.owner === st.seat && !st.watching;
      const owner = mine ? _("you") : st.players[row.owner];
      tr.appendChild(h("td", "tt-col-1", owner));
      const parts = String(row.contract).split("+");
      const redeal = row.redeal !== null && row.redeal !== undefined;
      const doubles = (row.doubles || []).length;
      const titled = (/** @type {string} */ contract) => {
        // Translators: a deal of the score sheet that was dealt again: "Trex (redeal)".
        const t = redeal ? _("{contract} (redeal)", { contract }) : contract;
        return doubles ? `${t} ×${doubles}` : t;
      };
      const long = titled(contractTitle(parts));
      const c = h("td", "tt-col-2");
      const short = titled(contractTitle(parts, true));
      c.append(h("span", "tt-long", long), h("span", "tt-short", short),
        h("span", "tt-owner", owner));
      c.title = mine
        // Translators: a deal's contract in the score sheet, chosen by the learner.
        ? _("{contract}, chosen by you", { contract: long })
        // Translators: a deal's contract in the score sheet, and who chose it.
        : _("{contract}, chosen by {name}", { contract: long, name: owner });
      tr.appendChild(c);
      for (let p = 0; p < n; p++) tr.appendChild(playerCell(row.points[p], row.totals[p]));
    }
    body.appendChild(tr);
  }
  if (!(st.rows || []).length) {
    const tr = h("tr");
    const td = h("td", "tt-empty", _("No hand finished yet."));
    td.setAttribute("colspan", String(cols.length + n));
    tr.appendChild(td);
    body.appendChild(tr);
  }
  table.appendChild(body);
  wrap.appendChild(table);
  return wrap;
}

/**
 * @param {SheetState} st
 * @param {number} width the drawing's width in pixels (so text keeps its size)
 * @returns {SVGElement}
 */
function chart(st, width) {
  const n = st.players.length;
  const rows = (st.rows || []).filter((r) => r.redeal === null || r.redeal === undefined);
  const W = Math.max(320, Math.min(720, width || 640));
  const H = W < 480 ? 200 : 220;
  const T = 12;
  const B = 24;
  const series = [];
  for (let p = 0; p < n; p++) {
    series.push([0, ...rows.map((r) => (r.totals[p] == null ? 0 : r.totals[p]))]);
  }
  const all = series.flat();
  let lo = Math.min(0, ...all);
  let hi = Math.max(0, ...all);
  if (hi === lo) { hi += 10; lo -= 10; }
  const you = _("You");
  // Margins wide enough for the longest words at the sides ("Player 2 −1,250" once lost
  // its last digit): about 7.5 px a character of the 12 px end labels, 6.5 of the ticks.
  const names = series.map((ser, p) =>
    `${p === st.seat && !st.watching ? you : st.players[p]} ${num(ser[ser.length - 1])}`);
  const ticks = [hi, lo].map((v) => num(Math.round(v)));
  const L = Math.ceil(8 + 6.5 * Math.max(...ticks.map((t) => t.length)));
  const R = Math.ceil(10 + 7.5 * Math.max(...names.map((t) => t.length)));
  const steps = Math.max(1, rows.length);
  const x = (/** @type {number} */ i) => L + ((W - L - R) * i) / steps;
  const y = (/** @type {number} */ v) => T + ((H - T - B) * (hi - v)) / (hi - lo);
  const svg = sv("svg", { viewBox: `0 0 ${W} ${H}`, class: "tt-chart", role: "img" });
  // Translators: for a screen reader: the score sheet's chart.
  svg.setAttribute("aria-label", _("running totals per player"));
  svg.dataset.testid = "score-chart";
  svg.appendChild(sv("line", { x1: L, x2: W - R, y1: y(0), y2: y(0), class: "tt-axis" }));
  [hi, lo].forEach((v, i) => {
    const t = sv("text", { x: L - 4, y: y(v) + 4, "text-anchor": "end", class: "tt-tick" });
    t.textContent = ticks[i];
    svg.appendChild(t);
  });
  const label = sv("text",
    { x: (L + W - R) / 2, y: H - 6, "text-anchor": "middle", class: "tt-tick" });
  label.textContent = st.game === "trixter"
    // Translators: the chart's axis, a step for each hand (Trixter).
    ? _("hands")
    // Translators: the chart's axis, a step for each deal (Trix).
    : _("deals");
  svg.appendChild(label);
  // End labels, nudged apart so they do not overlap.
  const ends = series.map((ser, p) => ({ p, y: y(ser[ser.length - 1]) }));
  ends.sort((a, b) => a.y - b.y);
  for (let i = 1; i < ends.length; i++) {
    if (ends[i].y - ends[i - 1].y < 12) ends[i].y = ends[i - 1].y + 12;
  }
  for (let p = 0; p < n; p++) {
    const pts = series[p].map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    const line = sv("polyline", {
      points: pts, fill: "none", stroke: COLOURS[p % COLOURS.length],
      "stroke-width": p === st.seat && !st.watching ? 3 : 2, "stroke-dasharray": DASHES[p % DASHES.length],
    });
    line.dataset.seat = String(p);
    svg.appendChild(line);
    const end = ends.find((e) => e.p === p);
    const t = sv("text", { x: W - R + 6, y: (end ? end.y : 0) + 4, class: "tt-end",
      fill: COLOURS[p % COLOURS.length] });
    t.textContent = names[p];
    svg.appendChild(t);
  }
  return svg;
}

export default {
  /** @param {{model: Model, el: HTMLElement}} ctx */
  render({ model, el }) {
    const root = h("div", "trix-tutor tt-scores");
    el.appendChild(root);
    let open = true;

    function draw() {
      /** @type {SheetState} */
      const st = model.get("state") || {};
      root.replaceChildren();
      root.classList.toggle("four-colour", !!model.get("four_colour"));
      if (!st.players) return;
      const details = /** @type {HTMLDetailsElement} */ (h("details", "tt-scores-box"));
      details.open = open;
      details.addEventListener("toggle", () => { open = details.open; });
      const sum = h("summary", "", _("Score sheet"));
      const you = _("you");
      const totals = st.team_scores
        // Translators: the two teams' scores (Trix in teams), by the score sheet's title.
        ? _("teams {a} : {b}", { a: num(st.team_scores[0]), b: num(st.team_scores[1]) })
        : st.players.map((p, i) => `${i === st.seat && !st.watching ? you : p} ${
          num(st.scores[i])}`).join(", ");
      sum.appendChild(h("span", "tt-totals", ` (${totals})`));
      details.appendChild(sum);
      details.appendChild(sheetTable(st));
      if (st.game === "trixter" && (st.rows || []).length) {  // words, not a hover title
        details.appendChild(h("div", "tt-sheet-legend",
          // Translators: how to read a Trixter cell of the score sheet.
          _("4/5 ✗ = bid 4, took 5: missed (✓ made); then the hand's points and the total.")));
      }
      if ((st.rows || []).length) details.appendChild(chart(st, root.clientWidth));
      root.appendChild(details);
    }

    return redrawOn(model, ["change:state", "change:four_colour"], draw, root);
  },
};
