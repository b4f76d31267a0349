// CardTable: seats around the table, the trick, the learner's hand, a message line.
// Plain ES module for anywidget; it draws only what the synced `state` holds (the
// learner's observation) and sends typed requests that Python checks.

/**
 * @typedef {[number, string]} SeatCard
 * @typedef {{
 *   game: "trixter" | "trix", seat: number, players: string[], phase: string,
 *   to_move: number | null, hand: string[], hand_counts: number[], trick: SeatCard[],
 *   tricks: SeatCard[][], tricks_won: number[], scores: number[], legal: string[],
 *   leader: number, dealer: number, direction?: "cw" | "ccw",
 *   bids?: (number | null)[], trump?: string | null, hand_number?: number,
 *   hand_size?: number, hands_left?: number, owner?: number | null, contract?: string[],
 *   kingdom?: number,
 *   deal_number?: number, doubles?: [string, number][], public?: Record<string, string[]>,
 *   taken?: string[][],
 *   team_scores?: number[] | null,
 *   info?: [string, string][], facts?: string[][], round?: {title: string, mark: string} | null,
 *   setup?: string,
 * }} TableState
 * @typedef {{
 *   get(name: string): any, set(name: string, value: any): void, save_changes(): void,
 *   send(content: object): void, on(event: string, cb: Function): void,
 *   off(event: string, cb: Function): void,
 * }} Model
 * @typedef {{
 *   title: string, words: string[], rows: {place: string, name: string, score: number,
 *   me: boolean}[],
 * }} GameResult
 * @typedef {{title?: string, text?: string}} Offer
 * @typedef {{
 *   thinking?: boolean, title?: string, measure?: string, line?: string, note?: string,
 *   stale?: boolean, more?: number, step?: number, steps?: number, idea?: string,
 *   why?: string, button?: string,
 *   options?: {action: string, label: string, text: string, best: boolean, only?: boolean}[],
 * }} Hint
 */

const CARD_RE = /^([2-9TJQKA][SHDC]|X)$/;

/**
 * A face-up card: rank and suit symbol in the corner and a large suit symbol; the
 * colour follows the suit (two or four colours) but the symbol is always there.
 * @param {string} text engine card text ("QS", "TH", "X")
 * @param {string} [tag]
 * @returns {HTMLElement}
 */
function cardFace(text, tag = "div") {
  const el = h(tag, "tt-card");
  el.dataset.card = text;
  if (text === "X") {
    el.classList.add("tt-joker");
    const joker = cardLabel("X");
    el.append(h("span", "tt-rank", "★"), h("span", "tt-joker-word", joker));
    el.setAttribute("aria-label", joker);
    el.title = joker;
    return el;
  }
  const rank = text.slice(0, -1);
  const suit = text.slice(-1);
  el.classList.add(`suit-${suit}`);
  const label = rank === "T" ? "10" : rank;
  const corner = h("span", "tt-rank");
  corner.append(h("span", "", label), h("span", "tt-sym", SUIT_SYMBOL[suit] || "?"));
  el.append(corner, h("span", "tt-pip", SUIT_SYMBOL[suit] || "?"));
  const name = cardName(_(RANK_NAME[rank] || rank), suit);
  el.setAttribute("aria-label", name);
  el.title = name;
  return el;
}

/**
 * A card back (a hidden card).
 * @returns {HTMLElement}
 */
function cardBack() {
  const el = h("div", "tt-card tt-back");
  el.setAttribute("aria-hidden", "true");
  return el;
}

/**
 * Where a seat sits, as fractions of the table (learner at the bottom).
 * Trixter turns clockwise, Trix counter-clockwise (seen from above).
 * @param {number} seat
 * @param {number} me
 * @param {number} n
 * @param {string} direction
 * @returns {{x: number, y: number}}
 */
function seatPoint(seat, me, n, direction) {
  const r = (((seat - me) % n) + n) % n;
  const a = (2 * Math.PI * r) / n;
  const sx = direction === "ccw" ? 1 : -1;
  return { x: 0.5 + sx * Math.sin(a) * 0.5, y: 0.5 + Math.cos(a) * 0.5 };
}

/**
 * The other seats from the learner's left, over the top, to their right: play order in
 * Trixter (clockwise), reverse play order in Trix (counter-clockwise).
 * @param {number} me
 * @param {number} n
 * @param {string} direction
 * @returns {number[]}
 */
function seatsLeftToRight(me, n, direction) {
  const out = [];
  for (let r = 1; r < n; r++) out.push((me + (direction === "ccw" ? n - r : r)) % n);
  return out;
}

/**
 * @param {TableState} s
 * @returns {string}
 */
function trumpText(s) {
  if (s.game !== "trixter" || !s.trump) return "";
  // Translators: the trump of a Trixter hand: none (the rules may allow it).
  if (s.trump === "none") return _("no trump");
  return `${SUIT_SYMBOL[s.trump]} ${_(SUIT_NAME[s.trump])}`;
}

/**
 * The trick to show: the one being played, else the last one completed (so the
 * fourth card is seen landing), with its winner.
 * @param {TableState} s
 * @returns {{cards: SeatCard[], done: boolean, winner: number | null}}
 */
function shownTrick(s) {
  if (s.trick && s.trick.length) return { cards: s.trick, done: false, winner: null };
  const tricks = s.tricks || [];
  if (tricks.length && (s.phase === "play" || s.phase === "hand_over" || s.phase === "game_over")) {
    return { cards: tricks[tricks.length - 1], done: true, winner: s.leader };
  }
  return { cards: [], done: false, winner: null };
}

/**
 * @param {TableState} s
 * @param {number} seat
 * @returns {string[]}
 */
function seatFacts(s, seat) {
  // Finished words from Python (tutor/facts.py), for every kind of table.
  const f = (s.facts || [])[seat];
  return Array.isArray(f) ? f : f ? [f] : [];
}

/** What a seat's mark of its turn says, by phase (else "to play"). */
const TURN_MARK = {
  // Translators: a mark by a seat's name: this player names the trump now.
  trump: N_("names trump"),
  // Translators: a mark by a seat's name: this player bids now.
  bid: N_("to bid"),
  // Translators: a mark by a seat's name: this player chooses the contract now.
  choose_contract: N_("chooses"),
};

/**
 * A seat's marks, each its kind (the class) and its words.
 * @param {TableState} s
 * @param {number} seat
 * @returns {[string, string][]}
 */
function seatMarks(s, seat) {
  /** @type {[string, string][]} */
  const out = [];
  if (s.to_move === seat) {  // a word, not only the outline, says whose turn it is
    // Translators: a mark by a seat's name: this player plays a card now.
    let turn = _("to play");
    if (s.phase === "double" && s.round) turn = s.round.mark;  // the same for every seat
    else if (TURN_MARK[s.phase]) turn = _(TURN_MARK[s.phase]);
    out.push(["turn", turn]);
  }
  // Translators: a mark by a seat's name: this player dealt the hand.
  if (s.dealer === seat) out.push(["dealer", _("dealer")]);
  // Translators: a mark by a seat's name: this player owns the kingdom (Trix).
  if (s.game === "trix" && s.owner === seat) out.push(["owner", _("owner")]);
  if (s.game === "trix" && s.team_scores && seat !== s.seat && (seat - s.seat) % 2 === 0) {
    // Translators: a mark by a seat's name: the learner's partner (Trix in teams).
    out.push(["partner", _("partner")]);
  }
  const t = shownTrick(s);
  if (s.phase === "play" && s.trick && s.trick.length && s.trick[0][0] === seat) {
    // Translators: a mark by a seat's name: this player led the trick on the table.
    out.push(["led", _("led")]);
  } else if (s.phase === "play" && !t.cards.length && s.leader === seat) {
    // Translators: a mark by a seat's name: this player leads the next trick.
    out.push(["leads", _("leads")]);
  }
  return out;
}

/**
 * What one drawn table keeps between redraws that the synced state does not hold: the
 * learner's own clicks ("Last trick", "New game", "Hint"), the focused card, and the trick
 * as last drawn (only a new card lands with an animation).
 * @typedef {{
 *   model: Model, root: HTMLElement, send: (content: object) => void, draw: () => void,
 *   showLast: boolean, drawnTrick: Set<string>, focusCard: string | null,
 *   confirming: boolean, hintAsked: boolean, wasMyTurn: boolean,
 * }} TableView
 */

/**
 * A seat: name, marks (turn, dealer, owner, partner, lead), facts and, for another seat,
 * its cards (face up where a lesson opened them or the play showed them, else backs).
 * @param {TableView} view
 * @param {TableState} s
 * @param {number} seat
 * @returns {HTMLElement}
 */
function seatBox(view, s, seat) {
  const box = h("div", "tt-seat");
  box.dataset.seat = String(seat);
  if (s.to_move === seat) box.classList.add("tt-to-move");
  const name = seat === s.seat && !s.watching
    // Translators: the learner's own seat, with the name the table gives it.
    ? _("You ({name})", { name: s.players[seat] }) : s.players[seat];
  const title = h("div", "tt-name", name);
  box.appendChild(title);
  const marks = seatMarks(s, seat);
  if (marks.length) {
    const m = h("div", "tt-marks");
    for (const [kind, words] of marks) m.appendChild(h("span", `tt-mark tt-mark-${kind}`, words));
    box.appendChild(m);
  }
  box.appendChild(factsLine(seatFacts(s, seat)));
  if (seat !== s.seat) {
    const open = (view.model.get("open_hands") || {})[String(seat)];
    const pub = (s.public || {})[String(seat)] || [];
    const count = s.hand_counts[seat] || 0;
    const cards = h("div", "tt-mini");
    if (Array.isArray(open)) {
      cards.classList.add("tt-open");
      for (const c of open) cards.appendChild(cardFace(c));
    } else {
      for (const c of pub) cards.appendChild(cardFace(c));
      const hidden = Math.max(0, count - pub.length);
      for (let i = 0; i < Math.min(hidden, 3); i++) cards.appendChild(cardBack());
      // Translators: how many cards a seat holds.
      cards.appendChild(h("span", "tt-count", ngettext("{n} card", "{n} cards", count)));
    }
    box.appendChild(cards);
  }
  if (s.to_move === seat) box.setAttribute("aria-current", "true");
  return box;
}

/**
 * A seat's facts; a line breaks between two facts, never inside one (clipped, with the
 * whole text as the title, if one alone is wider than the box).
 * @param {string[]} facts
 * @returns {HTMLElement}
 */
function factsLine(facts) {
  const line = h("div", "tt-facts");
  line.title = facts.join(" · ");
  for (const f of facts) line.appendChild(h("span", "tt-fact", f));
  return line;
}

/**
 * The line above the table: a puzzle's own items, else the Trixter hand, trump and bids,
 * else the Trix kingdom, contract, doubles and team scores.
 * @param {TableState} s
 * @returns {HTMLElement}
 */
function infoBar(s) {
  const bar = h("div", "tt-info");
  /** @type {[string, string][]} */
  const items = [];  // a label (in the learner's language) and its value
  // Translators: the trump suit, in the line above the table.
  const trumpLabel = _("Trump");  // a puzzle's too (tutor/puzzles/view.py)
  if (s.info) {  // a puzzle: its title, goal and trump or contract
    items.push(...s.info);
  } else if (s.game === "trixter") {
    const parts = [String(s.hand_number), ngettext("{n} card", "{n} cards", s.hand_size ?? 0)];
    if (s.phase !== "game_over") {
      parts.push(s.hands_left
        // Translators: hands still to play after this one: "Hand: 3 · 3 cards · 22 more".
        ? ngettext("{n} more", "{n} more", s.hands_left)
        // Translators: no hand to play after this one: "Hand: 25 · 1 card · the last hand".
        : _("the last hand"));
    }
    // Translators: a Trixter hand, above the table: "Hand: 3 · 3 cards · 22 more".
    items.push([_("Hand"), parts.join(" · ")]);
    // Translators: the trump of the hand is not named yet.
    items.push([trumpLabel, trumpText(s) || _("not named yet")]);
    // Translators: the bids of the hand added up, in the line above the table.
    if (s.bids) items.push([_("Bids"), bidsText(s.bids, s.hand_size)]);
  } else {
    const n = s.kingdom;
    const kingdom = s.owner === s.seat && !s.watching
      // Translators: the kingdom being played (of four) is the learner's.
      ? _("{n} of 4 · yours", { n })
      // Translators: the kingdom being played (of four) and its owner.
      : _("{n} of 4 · {name}'s", { n, name: s.players[s.owner ?? 0] });
    // Translators: a Trix kingdom (each player owns one of four), above the table.
    items.push([_("Kingdom"), kingdom]);
    // Translators: the contract of the deal is not chosen yet.
    const c = contractTitle(s.contract || []) || _("not chosen yet");
    // Translators: the deal's contract, in the line above the table.
    items.push([_("Contract"), c]);
    if (s.doubles && s.doubles.length) {
      // Translators: the cards doubled in this deal, and by whom.
      items.push([_("Doubled"), s.doubles.map(([c, by]) => (by === s.seat && !s.watching
        // Translators: a doubled card, doubled by the learner: "Q♠ (you)".
        ? _("{card} (you)", { card: cardLabel(c) })
        : `${cardLabel(c)} (${s.players[by]})`)).join(", ")]);
    }
    // Translators: the two teams' scores (Trix in teams), above the table.
    if (s.team_scores) items.push([_("Teams"), `${s.team_scores[0]} : ${s.team_scores[1]}`]);
  }
  for (const [k, v] of items) {
    const it = h("span", "tt-info-item");
    // Translators: a label before its value, as "Trump: ♠ spades".
    const label = _("{label}:", { label: k });
    it.append(h("b", "", `${label} `), document.createTextNode(v));
    if (k === trumpLabel && s.trump && s.trump !== "none") {
      it.classList.add(`suit-${s.trump}`);
      it.dataset.trump = s.trump;
    }
    bar.appendChild(it);
  }
  return bar;
}

/**
 * A trick's cards, each in front of the seat that played it; a completed trick says who
 * won it.
 * @param {TableView} view
 * @param {TableState} s
 * @param {SeatCard[]} cards
 * @param {boolean} done
 * @param {number | null} winner
 * @param {string} testid "trick" (the one on the felt) or "last-trick-cards"
 * @returns {HTMLElement}
 */
function trickArea(view, s, cards, done, winner, testid) {
  const n = s.players.length;
  const area = h("div", "tt-trick");
  area.dataset.testid = testid;
  // Translators: for a screen reader, the trick shown on the table.
  area.setAttribute("aria-label", done ? _("last trick") : _("current trick"));
  if (done) area.classList.add("tt-done");
  for (const [seat, card] of cards) {
    const p = seatPoint(seat, s.seat, n, s.direction || "cw");
    const play = h("div", "tt-play");
    const [fx, fy] = n >= 6 ? [80, 66] : [56, 52];  // spread a crowded trick wider
    play.style.left = `${50 + (p.x - 0.5) * fx}%`;
    play.style.top = `${50 + (p.y - 0.5) * fy}%`;
    const c = cardFace(card);
    c.dataset.seat = String(seat);
    if (done && seat === winner) play.classList.add("tt-winner");
    if (testid === "trick" && !view.drawnTrick.has(`${seat}:${card}`)) {
      play.classList.add("tt-new");
    }
    // Translators: the learner, in place of a name (who played a card, bid, scored).
    const who = seat === s.seat && !s.watching ? _("you") : s.players[seat];
    play.append(c, h("span", "tt-play-name", who));
    area.appendChild(play);
  }
  if (done && winner !== null && winner !== undefined && cards.length) {
    area.appendChild(h("div", "tt-trick-note", winner === s.seat && !s.watching
      ? _("You won the trick") : _("{name} won the trick", { name: s.players[winner] })));
  }
  return area;
}

/**
 * The felt: the other seats round the table and, between them, the trick (in Trex, a
 * note: its rows are drawn below the table).
 * @param {TableView} view
 * @param {TableState} s
 * @returns {HTMLElement}
 */
function feltArea(view, s) {
  const n = s.players.length;
  const felt = h("div", "tt-felt");
  felt.dataset.seats = String(n);
  const open = Object.keys(view.model.get("open_hands") || {}).length > 0;
  felt.classList.toggle("tt-open-hands", open);  // table.css: room for hands face up
  // In the order they sit from the learner's left round to the right, so a narrow
  // table's row of seats (a phone) keeps the game's direction: the next Trixter
  // player first (on the left), the next Trix player last (on the right).
  for (const seat of seatsLeftToRight(s.seat, n, s.direction || "cw")) {
    const p = seatPoint(seat, s.seat, n, s.direction || "cw");
    const box = seatBox(view, s, seat);
    box.style.left = `${Math.min(86, Math.max(14, p.x * 100))}%`;
    // A far seat hangs from the rim (table.css): a tall box grows down into the felt,
    // never up over the info line.
    const far = p.y < 0.15;
    box.classList.toggle("tt-far", far);
    box.style.top = far ? "0" : `${Math.min(88, Math.max(10, p.y * 100))}%`;
    felt.appendChild(box);
  }
  if (s.phase !== "trex") {
    const t = shownTrick(s);
    felt.appendChild(trickArea(view, s, t.cards, t.done, t.winner, "trick"));
    view.drawnTrick = new Set(t.cards.map(([seat, card]) => `${seat}:${card}`));
  } else {
    // Translators: where the trick would be, in Trex: the layout is drawn below the table.
    const note = h("div", "tt-trick tt-trex-note", _("Trex: the rows are below"));
    note.dataset.testid = "trick";
    felt.appendChild(note);
  }
  return felt;
}

/**
 * The learner's hand, one button a card (one tab stop; arrows move, Enter plays); the
 * playable cards marked on the learner's turn, the doubled ones with "×2".
 * @param {TableView} view
 * @param {TableState} s
 * @returns {HTMLElement}
 */
function handRow(view, s) {
  const row = h("div", "tt-hand");
  row.setAttribute("role", "group");
  // Translators: for a screen reader: the learner's cards, and the keys that play them.
  row.setAttribute("aria-label", _("your hand: arrows move, Enter plays"));
  row.dataset.testid = "hand";
  const myTurn = s.to_move === s.seat && (s.phase === "play" || s.phase === "trex");
  const legal = new Set((s.legal || []).filter((a) => CARD_RE.test(a)));
  if (myTurn) row.classList.add("tt-my-turn");
  // Suits in the order spades, hearts, clubs, diamonds, so colours alternate.
  const order = { S: 0, H: 1, C: 2, D: 3, X: 4 };
  const cards = [...(s.hand || [])].map((c, i) => ({ c, i }))
    .sort((a, b) => (order[a.c.slice(-1)] - order[b.c.slice(-1)]) || (a.i - b.i))
    .map((x) => x.c);
  let focusIndex = cards.indexOf(view.focusCard ?? "");
  if (focusIndex < 0) focusIndex = cards.findIndex((c) => legal.has(c));
  if (focusIndex < 0) focusIndex = 0;
  cards.forEach((card, i) => {
    const b = cardFace(card, "button");
    if (i > 0 && cards[i - 1].slice(-1) !== card.slice(-1)) b.classList.add("tt-suit-gap");
    b.setAttribute("type", "button");
    b.tabIndex = i === focusIndex ? 0 : -1;
    if ((s.doubles || []).some(([c, by]) => c === card && by === s.seat)) {
      b.classList.add("tt-doubled");
      b.appendChild(h("span", "tt-badge", "×2"));
      // Translators: for a screen reader, a card of the learner's hand that they doubled.
      b.setAttribute("aria-label", _("{card}, doubled", { card: b.getAttribute("aria-label") }));
    }
    if (myTurn && legal.has(card)) {
      b.classList.add("legal");
      // Translators: for a screen reader, a card the learner may play now.
      b.setAttribute("aria-label", _("{card}, playable", { card: b.getAttribute("aria-label") }));
    }
    b.addEventListener("click", () => {
      view.focusCard = card;
      view.send({ type: "play", card });
    });
    b.addEventListener("focus", () => { view.focusCard = card; });
    row.appendChild(b);
  });
  row.addEventListener("keydown", (ev) => moveInHand(row, ev));
  const count = (s.hand_counts || [])[s.seat] || 0;
  if (!cards.length && s.watching && count) {
    // Someone watching: the bottom seat's cards are hidden from them too (its shown ones
    // face up, the rest as backs), as every other seat's.
    const pub = (s.public || {})[String(s.seat)] || [];
    for (const c of pub) row.appendChild(cardFace(c));
    for (let i = 0; i < Math.max(0, count - pub.length); i++) row.appendChild(cardBack());
    row.appendChild(h("span", "tt-count", ngettext("{n} card", "{n} cards", count)));
  } else if (!cards.length) {
    // Translators: the learner's hand is empty.
    row.appendChild(h("span", "tt-empty", _("no cards")));
  }
  return row;
}

/**
 * Arrows, Home and End move the hand's one tab stop (and the focus) along the cards.
 * @param {HTMLElement} row
 * @param {KeyboardEvent} ev
 */
function moveInHand(row, ev) {
  const buttons = /** @type {HTMLButtonElement[]} */ ([...row.querySelectorAll("button")]);
  if (!buttons.length) return;
  let i = buttons.indexOf(/** @type {any} */ (document.activeElement));
  if (i < 0) i = Math.max(0, buttons.findIndex((b) => b.tabIndex === 0));
  let j = i;
  if (ev.key === "ArrowRight") j = Math.min(buttons.length - 1, i + 1);
  else if (ev.key === "ArrowLeft") j = Math.max(0, i - 1);
  else if (ev.key === "Home") j = 0;
  else if (ev.key === "End") j = buttons.length - 1;
  else return;
  ev.preventDefault();
  buttons.forEach((b, k) => { b.tabIndex = k === j ? 0 : -1; });
  buttons[j].focus();
}

/**
 * The buttons below the hand: "Last trick", and those Python's `controls` ask for
 * ("Undo", "Hint", "New game").
 * @param {TableView} view
 * @param {TableState} s
 * @returns {HTMLElement}
 */
function toolbar(view, s) {
  const { model } = view;
  const bar = h("div", "tt-toolbar");
  const last = /** @type {HTMLButtonElement} */ (
    h("button", "tt-btn", view.showLast ? _("Hide last trick") : _("Last trick")));
  last.type = "button";
  last.dataset.testid = "last-trick";
  last.disabled = !(s.tricks && s.tricks.length);
  last.setAttribute("aria-pressed", String(view.showLast));
  last.addEventListener("click", () => { view.showLast = !view.showLast; view.draw(); });
  bar.appendChild(last);
  const controls = model.get("controls") || [];
  const over = s.phase === "game_over";
  const offering = !!(model.get("offer") || {}).title;  // answer the offer first
  if (controls.includes("undo")) {
    const u = /** @type {HTMLButtonElement} */ (h("button", "tt-btn", _("Undo")));
    u.type = "button";
    u.dataset.testid = "undo";
    const why = model.get("no_undo") || "";  // Python's reason: game or hand over, nothing yet
    u.disabled = over || offering || !!why;
    u.title = why ? sentence(why) : _("Take back your last move");
    u.addEventListener("click", () => view.send({ type: "undo" }));
    bar.appendChild(u);
  }
  if (controls.includes("hint")) bar.appendChild(hintButton(view, s, over, offering));
  if (controls.includes("new_game")) bar.appendChild(newGameButton(view, over, offering));
  return bar;
}

/**
 * "Hint": only on the learner's own turn, once at a time ("Thinking…" until Python answers).
 * @param {TableView} view
 * @param {TableState} s
 * @param {boolean} over
 * @param {boolean} offering
 * @returns {HTMLButtonElement}
 */
function hintButton(view, s, over, offering) {
  const hint = /** @type {Hint} */ (view.model.get("hint") || {});
  // Translators: the button that asks for a hint on the learner's decision.
  const label = _("Hint");
  const b = /** @type {HTMLButtonElement} */ (h("button", "tt-btn", label));
  b.type = "button";
  b.dataset.testid = "hint";
  const mine = s.to_move === s.seat && !over;
  const whole = !hint.stale && !!hint.steps && (hint.step || 0) >= hint.steps;
  b.disabled = !mine || offering || view.hintAsked || !!hint.thinking || whole;
  b.title = !mine ? _("A hint is for your own turn")
    : whole ? _("The whole hint is shown below")
      : hint.button && !hint.stale ? _("The next step of the hint")
        : _("An idea for your decision");
  b.addEventListener("click", () => {
    view.hintAsked = true;
    view.send({ type: "hint" });
    view.draw();
  });
  return b;
}

/**
 * "New game": asks first (confirmBox), except once the game is over.
 * @param {TableView} view
 * @param {boolean} over
 * @param {boolean} offering
 * @returns {HTMLButtonElement}
 */
function newGameButton(view, over, offering) {
  const g = /** @type {HTMLButtonElement} */ (h("button", "tt-btn", _("New game")));
  g.type = "button";
  g.dataset.testid = "new-game";
  g.setAttribute("aria-expanded", String(view.confirming));
  g.disabled = offering;
  g.addEventListener("click", () => {
    if (over) { view.send({ type: "new_game" }); return; }  // nothing left to lose
    view.confirming = true;
    view.draw();
    const keep = /** @type {HTMLElement | null} */ (
      view.root.querySelector('[data-testid="keep-playing"]'));
    if (keep) keep.focus();
  });
  return g;
}

/**
 * "New game" asked first: a game of half an hour must not go at one click. Asked in the
 * table, not with window.confirm (which a page may block). `asked`: Python's words (New
 * game with other options), answered to Python either way.
 * @param {TableView} view
 * @param {string} asked
 * @returns {HTMLElement}
 */
function confirmBox(view, asked) {
  const box = h("div", "tt-confirm");
  box.dataset.testid = "new-game-confirm";
  box.setAttribute("role", "alertdialog");
  box.setAttribute("aria-label", _("Start a new game?"));
  const text = h("p", "tt-confirm-text", asked || _("Start a new game? This game will be lost."));
  text.id = `tt-confirm-${Math.random().toString(36).slice(2)}`;
  box.setAttribute("aria-describedby", text.id);
  const yes = /** @type {HTMLButtonElement} */ (h("button", "tt-btn", _("Start new game")));
  yes.type = "button";
  yes.dataset.testid = "start-new-game";
  yes.addEventListener("click", () => {
    view.confirming = false;
    view.send({ type: "new_game" });
    view.draw();
  });
  const no = /** @type {HTMLButtonElement} */ (h("button", "tt-btn tt-primary",
    _("Keep playing")));
  no.type = "button";
  no.dataset.testid = "keep-playing";
  const keep = () => {
    view.confirming = false;
    if (asked) view.send({ type: "keep_playing" });
    view.draw();
    const g = /** @type {HTMLElement | null} */ (
      view.root.querySelector('[data-testid="new-game"]'));
    if (g) g.focus();
  };
  no.addEventListener("click", keep);
  box.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") { ev.preventDefault(); keep(); }
  });
  const buttons = h("div", "tt-confirm-buttons");
  buttons.append(yes, no);
  box.append(text, buttons);
  return box;
}

/**
 * A saved game to resume (the play pages after a reload; Python's words): "Resume it" or
 * "Start a new game", both answered to Python, which clears it. Above the table, which is
 * dimmed until then.
 * @param {TableView} view
 * @param {Offer} offer
 * @returns {HTMLElement}
 */
function offerBox(view, offer) {
  const box = h("div", "tt-confirm tt-offer");
  box.dataset.testid = "resume-offer";
  box.setAttribute("role", "alertdialog");
  box.setAttribute("aria-label", offer.title || "");
  const text = h("p", "tt-offer-text", offer.text || "");
  text.id = `tt-offer-${Math.random().toString(36).slice(2)}`;
  box.setAttribute("aria-describedby", text.id);
  const resume = /** @type {HTMLButtonElement} */ (h("button", "tt-btn tt-primary",
    _("Resume it")));
  resume.type = "button";
  resume.dataset.testid = "resume";
  resume.addEventListener("click", () => view.send({ type: "resume" }));
  const fresh = /** @type {HTMLButtonElement} */ (h("button", "tt-btn", _("Start a new game")));
  fresh.type = "button";
  fresh.dataset.testid = "start-fresh";
  fresh.addEventListener("click", () => view.send({ type: "start_fresh" }));
  const buttons = h("div", "tt-confirm-buttons");
  buttons.append(resume, fresh);
  box.append(h("p", "tt-confirm-text", offer.title || ""), text, buttons);
  return box;
}

/**
 * The hint for the learner's decision (Python's words), as many steps of its ladder as
 * asked: the idea; then the choice and why; then the options best first, the best marked,
 * with the line and the note. A button asks for the next step; greyed once the decision is
 * taken. Below the toolbar, so it never covers a card.
 * @param {TableView} view
 * @param {Hint} hint
 * @returns {HTMLElement}
 */
function hintPanel(view, hint) {
  const box = h("div", "tt-hint");
  box.dataset.testid = "hint-panel";
  box.setAttribute("role", "status");
  box.setAttribute("aria-live", "polite");
  if (view.hintAsked || hint.thinking) {
    box.classList.add("tt-hint-thinking");
    // Translators: the hint is being worked out.
    box.appendChild(h("div", "tt-hint-title", _("Thinking…")));
    return box;
  }
  if (hint.stale) box.classList.add("tt-hint-stale");
  box.appendChild(h("div", "tt-hint-title", hint.title || _("Hint")));
  if (hint.idea) box.appendChild(h("p", "tt-hint-idea", hint.idea));
  if (hint.why) box.appendChild(h("p", "tt-hint-why", hint.why));
  if (hint.options && hint.options.length) hintNumbers(box, hint);
  if (hint.button && !hint.stale) {
    const more = /** @type {HTMLButtonElement} */ (h("button", "tt-btn tt-hint-next", hint.button));
    more.type = "button";
    more.dataset.testid = "hint-more";
    more.addEventListener("click", () => {
      more.disabled = true;  // once: Python's next step redraws the panel
      view.send({ type: "hint" });
    });
    box.appendChild(more);
  }
  return box;
}

/**
 * The hint's last step: the options ranked, the line (unless it repeats the why) and the note.
 * @param {HTMLElement} box
 * @param {Hint} hint
 */
function hintNumbers(box, hint) {
  if (hint.measure) {
    // Translators: how the hint's options are ordered: "Ranked by expected points".
    const ranked = _("Ranked by {measure}", { measure: hint.measure });
    box.appendChild(h("div", "tt-hint-measure", ranked));
  }
  const list = h("ol", "tt-hint-options");
  (hint.options || []).forEach((o, i) => {
    const li = h("li", o.best ? "tt-hint-option tt-hint-best" : "tt-hint-option");
    li.dataset.hintAction = o.action;  // not data-action: that is a button's
    const label = h("span", "tt-hint-label", o.label);
    if (CARD_RE.test(o.action) && o.action !== "X") {
      label.classList.add(`suit-${o.action.slice(-1)}`);
    }
    const text = h("span", "tt-hint-text", o.text);
    if (o.best) {  // a forced choice is no one's "best": it is the only one
      text.appendChild(h("span", "tt-mark tt-mark-turn tt-hint-mark", o.only
        // Translators: a mark by the hint's one option: the learner has no other choice.
        ? _("only choice")
        // Translators: a mark by the hint's best option.
        : _("best")));
    }
    li.append(h("span", "tt-hint-num", `${i + 1}.`), label, text);
    list.appendChild(li);
  });
  box.appendChild(list);
  if (hint.more) {
    box.appendChild(h("div", "tt-hint-more",
      // Translators: the hint's options not listed, below those it ranks.
      ngettext("and {n} more choice, not as good", "and {n} more choices, not as good",
        hint.more)));
  }
  if (hint.line && hint.line !== hint.why) box.appendChild(h("p", "tt-hint-line", hint.line));
  if (hint.note) box.appendChild(h("div", "tt-hint-note", hint.note));
}

/**
 * The end of the game: places and scores, who won, in words (from Python).
 * @param {GameResult} r
 * @returns {HTMLElement}
 */
function resultPanel(r) {
  const box = h("div", "tt-result-panel");
  box.dataset.testid = "game-result";
  box.setAttribute("role", "status");
  box.appendChild(h("div", "tt-result-title", r.title));
  const list = h("ol", "tt-result-places");
  for (const row of r.rows || []) {
    const li = h("li", row.me ? "tt-result-row tt-result-me" : "tt-result-row");
    // Translators: a player's score at the end of the game: "−5 points".
    const score = ngettext("{n} point", "{n} points", Math.abs(row.score), { n: num(row.score) });
    li.append(h("span", "tt-result-place", row.place), h("span", "tt-result-name", row.name),
      h("span", "tt-result-score", score));
    list.appendChild(li);
  }
  box.appendChild(list);
  for (const w of r.words || []) box.appendChild(h("p", "tt-result-words", w));
  return box;
}

/**
 * The message line: the refusal of the learner's last request, else Python's message.
 * @param {Model} model
 * @returns {HTMLElement}
 */
function messageLine(model) {
  const msg = h("div", "tt-message");
  msg.dataset.testid = "message";
  msg.setAttribute("role", "status");
  msg.setAttribute("aria-live", "polite");
  const err = sentence(model.get("error"));
  if (err) {
    msg.classList.add("tt-error");
    msg.textContent = err;
  } else {
    msg.textContent = model.get("message") || "";
  }
  return msg;
}

/**
 * "Last trick" pressed: the last completed trick, below the table.
 * @param {TableView} view
 * @param {TableState} s
 * @returns {HTMLElement}
 */
function lastTrickBox(view, s) {
  const k = s.tricks.length;
  const winner = s.trick && s.trick.length ? s.trick[0][0] : s.leader;
  const box = h("div", "tt-last");
  // Translators: the title over the last trick, by its number in the hand.
  box.appendChild(h("div", "tt-last-title", _("Trick {n}", { n: k })));
  box.appendChild(trickArea(view, s, s.tricks[k - 1], true, winner, "last-trick-cards"));
  return box;
}

/**
 * Draw the whole table again from the synced traits.
 * @param {TableView} view
 */
function drawTable(view) {
  const { model, root } = view;
  /** @type {TableState} */
  const s = model.get("state") || {};
  // Keep the keyboard focus across a redraw: on the same button, else on the hand.
  const active = root.contains(document.activeElement)
    && document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const focusTestid = active && !active.dataset.card ? active.dataset.testid : undefined;
  root.replaceChildren();
  root.classList.toggle("four-colour", !!model.get("four_colour"));
  if (!s.players) {
    root.appendChild(h("div", "tt-message", _("No game yet.")));
    return;
  }
  const n = s.players.length;
  root.style.setProperty("--seats", String(n));
  if (s.setup) {  // the game's options (players, mode, house rules), from Python
    const line = h("div", "tt-setup", s.setup);
    line.dataset.testid = "setup";
    root.appendChild(line);
  }
  const offer = /** @type {Offer} */ (model.get("offer") || {});
  root.classList.toggle("tt-offering", !!offer.title);
  if (offer.title) root.appendChild(offerBox(view, offer));
  root.appendChild(infoBar(s));
  root.classList.toggle("tt-many", n >= 7);
  root.classList.toggle("tt-trex-phase", s.phase === "trex");
  root.appendChild(feltArea(view, s));
  const me = seatBox(view, s, s.seat);
  me.classList.add("tt-me");
  root.appendChild(me);
  const result = /** @type {GameResult} */ (model.get("result") || {});
  const over = s.phase === "game_over" && !!result.title;
  const asked = model.get("question") || "";
  if (over) {
    view.confirming = false;
    root.appendChild(resultPanel(result));
  }
  const hand = handRow(view, s);
  if (!over || (s.hand || []).length) root.appendChild(hand);
  root.appendChild(messageLine(model));
  root.appendChild(toolbar(view, s));
  if (view.confirming || asked) root.appendChild(confirmBox(view, asked));
  const hint = /** @type {Hint} */ (model.get("hint") || {});
  if (view.hintAsked || hint.thinking || hint.title) {
    root.appendChild(hintPanel(view, hint));
  }
  if (view.showLast && s.tricks && s.tricks.length) root.appendChild(lastTrickBox(view, s));
  if (focusTestid) {
    const target = /** @type {HTMLElement | null} */ (
      root.querySelector(`[data-testid="${focusTestid}"]:not(:disabled)`));
    if (target) target.focus({ preventScroll: true });
  }
  // Else the hand's tab stop (or, at the end, "New game"): Enter or an arrow then acts.
  const myTurn = s.to_move === s.seat && (s.phase === "play" || s.phase === "trex");
  const home = /** @type {HTMLElement | null} */ (hand.isConnected
    ? hand.querySelector('button[tabindex="0"]')
    : root.querySelector('[data-testid="new-game"]'));
  settleFocus(root, !!active, home, myTurn && !view.wasMyTurn && !offer.title);
  view.wasMyTurn = myTurn;
}

export default {
  /** @param {{model: Model, el: HTMLElement}} ctx */
  render({ model, el }) {
    const root = h("div", "trix-tutor tt-table");
    el.appendChild(root);
    /** @type {TableView} */
    const view = {
      model, root, send: (content) => model.send(content), draw: () => drawTable(view),
      showLast: false, drawnTrick: new Set(), focusCard: null,
      confirming: false,  // "New game" asked: the table shows the question
      hintAsked: false,  // "Hint" pressed: "Thinking…" until Python's answer arrives
      wasMyTurn: false,
    };
    const draw = view.draw;

    const events = ["change:state", "change:message", "change:open_hands",
                    "change:four_colour", "change:controls", "change:result", "change:no_undo"];
    for (const e of events) model.on(e, draw);
    // Python's answer to "Hint" (the advice, "Thinking…", or a refusal) ends the wait.
    const answered = () => { view.hintAsked = false; draw(); };
    model.on("change:hint", answered);
    model.on("change:error", answered);
    // Python asks (New game with other options): show the question and bring it into
    // view with the focus on "Keep playing", as the table's own New game does.
    const ask = () => {
      draw();
      const keep = /** @type {HTMLElement | null} */ (
        root.querySelector('[data-testid="keep-playing"]'));
      if (model.get("question") && keep) keep.focus();
    };
    model.on("change:question", ask);
    // A saved game offered (the learner just arrived): the focus on "Resume it".
    const offered = () => {
      draw();
      const resume = /** @type {HTMLElement | null} */ (
        root.querySelector('[data-testid="resume"]'));
      if (resume) resume.focus({ preventScroll: true });
    };
    model.on("change:offer", offered);
    // A table of people: say "here" every `beat` seconds, and at once when the tab is
    // looked at again (a hidden tab's timers are slowed), so the table knows a page that
    // vanished without a goodbye (a crashed tab, a phone asleep, a lost network).
    const here = () => { if (model.get("beat") > 0) model.send({ type: "here" }); };
    let beating = 0;
    const beat = () => {
      window.clearInterval(beating);
      beating = model.get("beat") > 0 ? window.setInterval(here, model.get("beat") * 1000) : 0;
    };
    const seen = () => { if (document.visibilityState === "visible") here(); };
    model.on("change:beat", beat);
    document.addEventListener("visibilitychange", seen);
    beat();
    draw();
    return () => {
      window.clearInterval(beating);
      model.off("change:beat", beat);
      document.removeEventListener("visibilitychange", seen);
      for (const e of events) model.off(e, draw);
      model.off("change:hint", answered);
      model.off("change:error", answered);
      model.off("change:question", ask);
      model.off("change:offer", offered);
      root.remove();
    };
  },
};
