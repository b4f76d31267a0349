// TrexLayout: the four domino rows of Trex (2 … A, the jack in the middle column) and
// who has passed or gone out. Drawn from public facts only.

/**
 * @typedef {{
 *   game: string, seat: number, players: string[], phase: string, to_move: number | null,
 *   layout: Record<string, string[] | null>, out: number[], passes: number[],
 * }} LayoutState
 * @typedef {{
 *   get(name: string): any, on(event: string, cb: Function): void,
 *   off(event: string, cb: Function): void,
 * }} Model
 */

/** A seat's place, once it has laid out all its cards. */
const PLACES = [
  // Translators: Trex: this player laid out all their cards first.
  N_("out 1st"),
  // Translators: Trex: this player laid out all their cards second.
  N_("out 2nd"),
  // Translators: Trex: this player laid out all their cards third.
  N_("out 3rd"),
  // Translators: Trex: this player laid out all their cards fourth.
  N_("out 4th"),
];

export default {
  /** @param {{model: Model, el: HTMLElement}} ctx */
  render({ model, el }) {
    const root = h("div", "trix-tutor tt-trex");
    el.appendChild(root);

    function draw() {
      /** @type {LayoutState} */
      const s = model.get("state") || {};
      root.replaceChildren();
      root.classList.toggle("four-colour", !!model.get("four_colour"));
      if (!s.players) return;
      const layout = s.layout || {};
      const rows = h("div", "tt-trex-rows");
      rows.setAttribute("role", "table");
      // Translators: for a screen reader: the rows of cards laid out in Trex.
      rows.setAttribute("aria-label", _("Trex layout"));
      for (const suit of ["S", "H", "D", "C"]) {
        const run = layout[suit];
        const row = h("div", "tt-trex-row");
        row.setAttribute("role", "row");
        row.dataset.testid = `trex-row-${suit}`;
        row.dataset.suit = suit;
        const head = h("span", `tt-trex-suit suit-${suit}`, SUIT_SYMBOL[suit]);
        head.title = _(SUIT_NAME[suit]);
        row.appendChild(head);
        const have = new Set(run || []);
        for (const r of RANKS) {
          const card = `${r}${suit}`;
          const label = r === "T" ? "10" : r;
          if (have.has(card)) {
            const c = h("span", `tt-trex-card suit-${suit}`);
            c.dataset.card = card;
            c.append(h("span", "", label), h("span", "tt-sym", SUIT_SYMBOL[suit]));
            c.setAttribute("aria-label", cardName(label, suit));
            row.appendChild(c);
          } else {
            const slot = h("span", `tt-trex-slot${r === "J" ? " tt-trex-jack" : ""}`,
              r === "J" && !run ? "J" : "");
            slot.setAttribute("aria-hidden", "true");
            row.appendChild(slot);
          }
        }
        // Translators: Trex: a suit's row opens with its jack, not laid out yet.
        if (!run) row.appendChild(h("span", "tt-trex-closed", _("waits for the jack")));
        rows.appendChild(row);
      }
      root.appendChild(rows);
      const who = h("div", "tt-trex-players");
      who.dataset.testid = "trex-order";
      const n = s.players.length;
      for (let seat = 0; seat < n; seat++) {
        const name = seat === s.seat && !s.watching ? _("you") : s.players[seat];
        const place = (s.out || []).indexOf(seat);
        const passes = (s.passes || [])[seat] || 0;
        const bits = [name];
        if (place >= 0) bits.push(PLACES[place] ? _(PLACES[place]) : String(place + 1));
        // Translators: Trex: how many times a player passed (had no card to lay out).
        if (passes) bits.push(ngettext("passed {n}×", "passed {n}×", passes));
        const item = h("span", "tt-trex-who", bits.join(" · "));
        if (place >= 0) item.classList.add("tt-out");
        if (s.to_move === seat) item.classList.add("tt-to-move");
        who.appendChild(item);
      }
      root.appendChild(who);
    }

    return redrawOn(model, ["change:state", "change:four_colour"], draw, root);
  },
};
