// BidPanel: every decision of the learner that is not a card. Buttons come from the
// legal action texts of the learner's observation; Python checks each request again.

/**
 * @typedef {{
 *   game: "trixter" | "trix", seat: number, players: string[], phase: string,
 *   to_move: number | null, legal: string[], bids?: (number | null)[],
 *   hand_size?: number, dealer?: number, trump?: string | null, contracts_left?: string[],
 *   contract?: string[], owner?: number | null, last_hand?: any, last_deal?: any,
 *   scores: number[], redeal_claim?: {seat: number, hand: string[], contract: string} | null,
 *   round?: {title: string, mark: string} | null,
 * }} PanelState
 * @typedef {{
 *   get(name: string): any, send(content: object): void,
 *   on(event: string, cb: Function): void, off(event: string, cb: Function): void,
 * }} Model
 */

/**
 * One drawn panel: the model, its root element, and the decision asked of the learner here
 * at the last redraw ("" if none; the focus comes here when a new one is).
 * @typedef {{model: Model, root: HTMLElement, asked: string}} Panel
 */

/**
 * A button that sends `request`; `data` becomes its data-* attributes (what tests and
 * the design notes select by).
 * @param {Panel} panel
 * @param {string} label
 * @param {object} request
 * @param {Record<string, string>} data
 * @param {boolean} enabled
 * @param {string} [cls]
 * @returns {HTMLButtonElement}
 */
function button(panel, label, request, data, enabled, cls) {
  const b = /** @type {HTMLButtonElement} */ (h("button", `tt-btn ${cls || ""}`, label));
  b.type = "button";
  for (const [k, v] of Object.entries(data)) b.setAttribute(`data-${k}`, v);
  b.disabled = !enabled;
  b.addEventListener("click", () => panel.model.send(request));
  return b;
}

/**
 * A titled row of buttons, added to the panel.
 * @param {Panel} panel
 * @param {string} title
 * @returns {HTMLElement} the row, for the buttons
 */
function section(panel, title) {
  const sec = h("div", "tt-section");
  if (title) sec.appendChild(h("div", "tt-section-title", title));
  const row = h("div", "tt-buttons");
  sec.appendChild(row);
  panel.root.appendChild(sec);
  return row;
}

/**
 * Trixter's trump: the four suits and "no trump" (where the rules allow it); the trump
 * named so far is pressed once the bidding is on.
 * @param {Panel} panel @param {PanelState} s @param {Set<string>} legal
 */
function trumpRow(panel, s, legal) {
  const row = section(panel, s.phase === "trump"
    // Translators: the learner (the dealer) names the trump suit of the hand.
    ? _("Name trump")
    // Translators: the learner may still change the trump they named.
    : _("Change trump"));
  for (const suit of ["S", "H", "D", "C"]) {
    const b = button(panel, `${SUIT_SYMBOL[suit]} ${_(SUIT_NAME[suit])}`, { type: "trump", suit },
      { trump: suit }, legal.has(`trump ${suit}`), `tt-suit suit-${suit}`);
    if (s.trump === suit && s.phase !== "trump") b.setAttribute("aria-pressed", "true");
    row.appendChild(b);
  }
  if (legal.has("trump none") || s.trump === "none") {
    const b = button(panel, _("no trump"), { type: "trump", suit: "none" }, { trump: "none" },
      legal.has("trump none"));
    if (s.trump === "none" && s.phase !== "trump") b.setAttribute("aria-pressed", "true");
    row.appendChild(b);
  }
}

/**
 * Trixter's bid: 0 to the hand's size in tricks (or a change of the learner's bid).
 * @param {Panel} panel @param {PanelState} s @param {Set<string>} legal
 */
function bidRow(panel, s, legal) {
  const me = s.seat;
  const size = s.hand_size || 0;
  const mine = s.bids ? s.bids[me] : null;
  const title = mine !== null && mine !== undefined && s.to_move !== me
    ? _("Change your bid (now {bid})", { bid: mine })
    // Translators: the bids the learner may make; a range, so English says "1 tricks".
    : ngettext("Your bid: 0 to {n} tricks", "Your bid: 0 to {n} tricks", size);
  const row = section(panel, title);
  for (let n = 0; n <= size; n++) {
    row.appendChild(button(panel, String(n), { type: "bid", n }, { bid: String(n) },
      legal.has(`bid ${n}`), "tt-bid"));
  }
}

/**
 * Everyone's bid so far, in bidding order from the dealer, and their total.
 * @param {PanelState & {bids: (number | null)[]}} s
 * @returns {HTMLElement}
 */
function bidList(s) {
  const n = s.players.length;
  const order = [];
  for (let i = 0; i < n; i++) order.push(((s.dealer ?? 0) + i) % n);
  const list = h("div", "tt-bids");
  list.dataset.testid = "bids";
  for (const seat of order) {
    const b = s.bids[seat];
    const who = seat === s.seat && !s.watching ? _("you") : s.players[seat];
    list.appendChild(h("span", "tt-bid-item", `${who}: ${b == null ? "…" : b}`));
  }
  // Translators: the bids added up, after each player's bid: "total 7 for 6 tricks".
  const total = _("total {bids}", { bids: bidsText(s.bids, s.hand_size) });
  list.appendChild(h("span", "tt-bid-sum", total));
  return list;
}

/** @param {Panel} panel @param {PanelState} s @param {Set<string>} legal */
function trixter(panel, s, legal) {
  const trumpActs = [...legal].filter((a) => a.startsWith("trump "));
  const bidActs = [...legal].filter((a) => a.startsWith("bid "));
  if (s.phase === "trump") {
    if (trumpActs.length) trumpRow(panel, s, legal);
    else {
      panel.root.appendChild(h("div", "tt-note",
        _("{name} names trump.", { name: s.players[s.dealer ?? 0] })));
    }
  }
  if (bidActs.length) bidRow(panel, s, legal);
  if (s.phase !== "trump" && trumpActs.length) trumpRow(panel, s, legal);
  if (s.bids && (s.phase === "bid" || s.phase === "play")) panel.root.appendChild(bidList(s));
}

/**
 * The kingdom's owner chooses the contract: the learner's buttons, else who chooses from
 * which contracts left.
 * @param {Panel} panel @param {PanelState} s @param {Set<string>} legal
 */
function contractRow(panel, s, legal) {
  const contracts = [...legal].filter((a) => a.startsWith("contract "));
  if (contracts.length) {
    const row = section(panel, _("Choose the contract"));
    for (const act of contracts) {
      const c = act.slice("contract ".length);
      const label = contractTitle(c.split("+"), c.includes("+"));
      row.appendChild(button(panel, label, { type: "contract", contract: c }, { contract: c },
        true, "tt-contract"));
    }
  } else if (s.phase === "choose_contract" && s.contracts_left) {
    const who = s.owner === null || s.owner === undefined ? "" : s.players[s.owner];
    const left = s.contracts_left.map((x) => (CONTRACT_TITLE[x] ? _(CONTRACT_TITLE[x]) : x))
      .join(", ");
    // Translators: the kingdom's owner chooses the deal's contract from those left.
    const text = _("{name} chooses from: {contracts}", { name: who, contracts: left });
    panel.root.appendChild(h("div", "tt-note", text));
  }
}

/** The buttons of the doubling round other than "double Q♠" (the actions are their keys). */
const ROUND_ACTION = {
  // Translators: a button: double no card.
  "no double": N_("no double"),
  // Translators: a button: claim a redeal (the hand allows it: King of Hearts, Trex).
  redeal: N_("redeal"),
  // Translators: a button: claim no redeal.
  "no redeal": N_("no redeal"),
};

/**
 * The round before a deal's play: reveal and double K♥ or a queen, or not; claim (or
 * not) a redeal.
 * @param {Panel} panel @param {PanelState} s @param {Set<string>} legal
 */
function doublingRound(panel, s, legal) {
  const round = [...legal].filter((a) => a.startsWith("double ")
    || a === "no double" || a === "redeal" || a === "no redeal");
  if (!round.length) return;
  // Translators: the round before a Trix deal's play, where cards are doubled.
  const row = section(panel, (s.round && s.round.title) || _("Doubling"));
  for (const act of round) {
    const label = act.startsWith("double ")
      // Translators: a button: reveal and double this card ("double Q♠").
      ? _("double {card}", { card: cardLabel(act.slice(7)) })
      : ROUND_ACTION[act] ? _(ROUND_ACTION[act]) : act;
    const type = act.startsWith("double ") ? "double" : act.replace(" ", "_");
    /** @type {Record<string, string>} */
    const req = { type };
    if (type === "double") req.card = act.slice(7);
    row.appendChild(button(panel, label, req, { action: act }, true));
  }
}

/** @param {Panel} panel @param {PanelState} s @param {Set<string>} legal */
function trix(panel, s, legal) {
  contractRow(panel, s, legal);
  doublingRound(panel, s, legal);
  if (legal.has("pass")) {
    // Translators: Trex: the learner has no card to lay out, so passes.
    const row = section(panel, _("No card fits the layout"));
    // Translators: a button: Trex, lay out no card this turn.
    row.appendChild(button(panel, _("pass"), { type: "pass" }, { action: "pass" }, true));
  }
  if (s.redeal_claim) {
    const c = s.redeal_claim;
    const fields = { name: s.players[c.seat], cards: c.hand.map(cardLabel).join(" "),
      contract: CONTRACT_TITLE[c.contract] ? _(CONTRACT_TITLE[c.contract]) : c.contract };
    panel.root.appendChild(h("div", "tt-note", c.seat === s.seat && !s.watching
      ? _("You claimed a redeal in {contract} with {cards}", fields)
      : _("{name} claimed a redeal in {contract} with {cards}", fields)));
  }
}

/**
 * What each seat scored in the hand (Trixter: with bid and tricks taken) or deal (Trix)
 * just over.
 * @param {PanelState} s
 * @param {any} last `last_hand` or `last_deal`
 * @returns {HTMLElement}
 */
function handResult(s, last) {
  const box = h("div", "tt-result");
  box.dataset.testid = "hand-result";
  s.players.forEach((name, seat) => {
    const who = seat === s.seat && !s.watching ? _("you") : name;
    const pts = last.points[seat];
    if (pts === null || pts === undefined) return;
    const sign = signed(pts);
    let text = `${who}: ${sign}`;
    if (s.game === "trixter" && last.bids[seat] != null) {
      // Translators: a player's Trixter hand: their bid, the tricks taken and the points.
      text = _("{name}: bid {bid}, took {took} → {points}",
        { name: who, bid: last.bids[seat], took: last.tricks[seat], points: sign });
    }
    const item = h("span", "tt-result-item", text);
    if (seat === s.seat && !s.watching) item.classList.add("tt-result-me");
    box.appendChild(item);
  });
  return box;
}

/**
 * Draw the whole panel again from the synced traits.
 * @param {Panel} panel
 */
function drawPanel(panel) {
  const { model, root } = panel;
  /** @type {PanelState} */
  const s = model.get("state") || {};
  const hadFocus = root.contains(document.activeElement);
  root.replaceChildren();
  root.classList.toggle("four-colour", !!model.get("four_colour"));
  if (!s.players) return;
  const legal = new Set(s.legal || []);
  if (s.game === "trixter") trixter(panel, s, legal);
  else trix(panel, s, legal);
  const last = s.game === "trixter" ? s.last_hand : s.last_deal;
  if (last && (s.phase === "hand_over" || s.phase === "game_over")) {
    root.appendChild(handResult(s, last));
  }
  if (legal.has("next")) {
    const trix = s.game === "trix";  // Trix plays deals, Trixter hands
    const row = section(panel, s.phase !== "hand_over" ? ""
      : trix ? _("The deal is over") : _("The hand is over"));
    row.appendChild(button(panel, trix ? _("Next deal") : _("Next hand"), { type: "next" },
      { action: "next" }, true, "tt-next"));
  }
  const err = sentence(model.get("error"));
  if (err) {
    const e = h("div", "tt-panel-error", err);
    e.setAttribute("role", "alert");
    root.appendChild(e);
  }
  root.classList.toggle("tt-idle", !root.childElementCount);
  // Keyboard focus: the learner's decision, when one is asked here, takes it (from the
  // hand, or from the page if a redraw dropped it); a button pressed here keeps it here.
  const required = legal.has("next") || legal.has("pass") || (s.to_move === s.seat
    && ["trump", "bid", "choose_contract", "double"].includes(s.phase));
  const home = required || hadFocus ? /** @type {HTMLElement | null} */ (
    root.querySelector('[data-action="next"]:not([disabled])')
    || root.querySelector("button:not([disabled])")) : null;
  if (hadFocus && home) home.focus({ preventScroll: true });
  // A decision is new when what is asked changes ("Next hand", then the bid), not only when
  // one is asked after none: the two can come in one redraw, while the table's redraw in
  // between put the focus on the hand.
  const asked = required ? `${s.phase}|${[...legal].sort().join(",")}` : "";
  settleFocus(root, hadFocus, home, required && asked !== panel.asked);
  panel.asked = asked;
}

export default {
  /** @param {{model: Model, el: HTMLElement}} ctx */
  render({ model, el }) {
    const root = h("div", "trix-tutor tt-panel");
    root.setAttribute("role", "group");
    // Translators: for a screen reader, the panel of the learner's bids and choices.
    root.setAttribute("aria-label", _("your decisions"));
    el.appendChild(root);
    /** @type {Panel} */
    const panel = { model, root, asked: "" };
    return redrawOn(model, ["change:state", "change:error", "change:four_colour"],
      () => drawPanel(panel), root);
  },
};
