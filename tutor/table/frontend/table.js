/* The sanma table: draws the JSON state sent by tutor/table/component.py and sends back the chosen action.
 *
 * It speaks Streamlit's component messages directly (no library): it announces itself with
 * "streamlit:componentReady", receives "streamlit:render" with the arguments, reports its height with
 * "streamlit:setFrameHeight" and sends a choice with "streamlit:setComponentValue".
 * Every text from the state (player names above all) is set with textContent, never parsed as markup.
 * The table holds no words of its own: every label, hint and help line comes in the state's "words" (or as a
 * ready text beside the data, such as a score written the reader's way), in the reader's language.
 * With the "readonly" argument (the game review) the table only shows the position: no action bar, no
 * choice of tiles, no keys but the help.
 *
 * The layout follows the real tables: each opponent's pond in front of that seat (on a laptop the seat before
 * you on the left of the centre, the seat after you on the right; on a phone both across, left and right), each
 * seat's melds and kita at its outer edge apart from its pond, the centre (round, honba, sticks, tiles left,
 * dora) between them, your own pond under the centre and your hand along the bottom edge.
 * The "confirm" argument ("auto", "on", "off") asks for two taps per discard: the first raises the tile and
 * shows what its discard leaves, the second discards it ("auto": on a touch screen).
 */
(function () {
  "use strict";

  var root = document.getElementById("root");
  var state = null; // the last state received
  var big = false;
  var readonly = false; // only show the position: nothing is ever sent
  var disabled = false;
  var locked = false; // a choice was sent; wait for the next state
  var lockTimer = null;
  var nonce = Date.now(); // grows with every choice, so the same action twice is two values
  var selected = null; // keyboard cursor: index into slots()
  var raised = null; // with confirm taps: the state id on which the selected tile was raised by a first tap
  var confirmMode = "auto"; // "auto" (two taps on a touch screen), "on" or "off"
  var riichiMode = false;
  var hovered = null; // the slot whose facts are shown by a hover or a long press
  var helpOpen = false;
  var lastHeight = -1;

  // ---- the component protocol ------------------------------------------------------------

  function post(type, data) {
    var msg = { isStreamlitMessage: true, type: type };
    for (var k in data) { if (Object.prototype.hasOwnProperty.call(data, k)) msg[k] = data[k]; }
    window.parent.postMessage(msg, "*");
  }

  function reportHeight() {
    var h = Math.ceil(root.getBoundingClientRect().height) + 2;
    if (h !== lastHeight) {
      lastHeight = h;
      post("streamlit:setFrameHeight", { height: h });
    }
  }

  function send(actionId) {
    if (!actionId || locked || disabled || readonly || !state) return;
    if (actionId === UNDO ? !state.undo : !findAction(actionId)) return;
    locked = true;
    riichiMode = false; // a choice ends the riichi choice, whatever it was
    nonce += 1;
    root.classList.add("waiting");
    post("streamlit:setComponentValue", {
      value: { action: actionId, nonce: nonce, state: state.id || null },
      dataType: "json"
    });
    root.setAttribute("data-sent", actionId);
    clearTimeout(lockTimer);
    lockTimer = setTimeout(unlock, 3000); // in case no new drawing comes back
  }

  function unlock() {
    locked = false;
    root.classList.remove("waiting");
  }

  window.addEventListener("message", function (event) {
    var data = event.data;
    if (!data || data.type !== "streamlit:render") return;
    var args = data.args || {};
    var fresh = args.state || null;
    var changed = !state || !fresh || fresh.id !== state.id;
    state = fresh;
    big = !!(args.big || (state && state.big));
    readonly = !!args.readonly;
    confirmMode = args.confirm || "auto";
    disabled = !!data.disabled;
    unlock();
    clearTimeout(lockTimer);
    if (changed) {
      riichiMode = false;
      hovered = null;
      raised = null;
      var n = slots().length;
      if (selected !== null && selected >= n) selected = n ? n - 1 : null;
    }
    draw();
    root.setAttribute("data-state", (state && state.id) || "");
  });

  // ---- small helpers ---------------------------------------------------------------------

  /* The words of the state (tutor/table/state.py table_words, in the reader's language): the table holds
     no text of its own. ``{name}`` placeholders are filled from ``values``. */
  function w(key, values) {
    var words = (state && state.words) || {};
    var text = words[key];
    if (text === undefined || text === null) text = key;
    if (values) {
      text = String(text).replace(/\{(\w+)\}/g, function (m, name) {
        return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : m;
      });
    }
    return text;
  }

  function wordsOf(key) {
    var words = (state && state.words) || {};
    return words[key] || [];
  }

  var UNDO = "undo"; // the table's own action: take back the last discard (sent only while state.undo)

  /* A touch screen: a phone or a tablet (its main pointer is a finger). */
  function touchScreen() {
    return !!(window.matchMedia && window.matchMedia("(pointer: coarse)").matches);
  }

  /* Discards need two taps: the first raises the tile, the second throws it. */
  function confirmTaps() {
    if (confirmMode === "on") return true;
    if (confirmMode === "off") return false;
    return touchScreen();
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  function tileEl(entry, extra) {
    var t = el("div", "tile" + (extra ? " " + extra : ""));
    var img = document.createElement("img");
    var faces = (state && state.faces) || {};
    img.src = faces[entry.face] || "";
    img.alt = entry.tile || w("face_down");
    img.draggable = false;
    t.appendChild(img);
    t.title = entry.title || entry.tile || "";
    if (entry.tile) t.setAttribute("data-tile", entry.tile);
    return t;
  }

  function faceEl(face, extra) {
    return tileEl({ face: face, tile: face.split("/")[0], title: face.split("/")[0] }, extra);
  }

  /* Keys go to the table once it has the focus. Taking it must not scroll the page: a scroll between the
     press and the release of a click would move the release off the element pressed. */
  function focusRoot() {
    root.focus({ preventScroll: true });
  }

  function findAction(id) {
    if (!state) return null;
    for (var i = 0; i < state.actions.length; i++) { if (state.actions[i].id === id) return state.actions[i]; }
    return null;
  }

  function actionsOf(kind) {
    return (state ? state.actions : []).filter(function (a) { return a.kind === kind; });
  }

  function seatAt(position) {
    for (var i = 0; i < state.seats.length; i++) { if (state.seats[i].position === position) return state.seats[i]; }
    return null;
  }

  /* The own hand's places, left to right: the sorted tiles, then the drawn tile (or, at a hand end, the
     revealed hand with the winning tile last). */
  function slots() {
    if (!state) return [];
    var me = seatAt("bottom");
    if (me && me.revealed) {
      return me.revealed.tiles.map(function (t, i) { return { entry: t, drawn: false, index: i }; });
    }
    var out = state.hand.tiles.map(function (t, i) { return { entry: t, drawn: false, index: i }; });
    if (state.hand.drawn) out.push({ entry: state.hand.drawn, drawn: true, index: out.length });
    return out;
  }

  function slotAction(slot) {
    if (!slot) return null;
    return riichiMode ? slot.entry.riichi_id : slot.entry.id;
  }

  // ---- sizes -----------------------------------------------------------------------------

  var POND_ROW_UNITS = 6.344; // a pond row: six tiles, one of them (the riichi tile) on its side
  var POND_PAD = 13; // a pond box: its padding and the five 1 px gaps of a row (phone: 4, the tiles touching)
  var POND_PAD_NARROW = 4;
  var EDGE_UNITS = 3.6; // an opponent's edge (laptop): room for a pon, one tile on its side

  /* Sizes from the frame's width: --ht hand tiles, --pt pond tiles, --mt meld and kita tiles, --pad the
     table's padding. Laptop: two edges and three pond-wide columns (left pond, centre over the own pond,
     right pond) side by side; phone (narrow): the two opponents' ponds side by side across the top. */
  function layout() {
    var outer = root.clientWidth;
    if (outer <= 0) return { rows: 1, narrow: false };
    var narrow = outer < 780; // a laptop with the sidebar open (about 820 px) keeps the wide table
    var pad = narrow ? 4 : 8;
    var width = outer - 2 * pad;
    var n = slots().length || 14;
    var maxHand = big ? 96 : 62;
    var gap = 2;
    // one row: the tiles, the drawn tile set apart by 0.4 of a tile
    var one = (width - (n - 1) * gap - 4) / (n + 0.4);
    var rows = 1;
    var ht = Math.min(maxHand, one);
    if (one < 40) { // a phone: two rows, the second ending with the drawn tile
      rows = 2;
      var perRow = Math.ceil(n / 2);
      ht = Math.min(maxHand, (width - perRow * gap - 4) / (perRow + 0.4));
    }
    var pt, mt;
    if (narrow) { // two ponds side by side, 6 px apart
      pt = Math.min(big ? 40 : 30, ((width - 6) / 2 - POND_PAD_NARROW) / POND_ROW_UNITS);
      mt = Math.max(18, Math.min(pt, pt * 0.85));
    } else { // edge, pond, centre / own pond, pond, edge, 10 px apart, the edges with 12 px of padding
      pt = Math.min(big ? 56 : 38, (width - 3 * POND_PAD - 2 * 12 - 4 * 10) / (3 * POND_ROW_UNITS + 2 * EDGE_UNITS));
      mt = pt;
    }
    pt = Math.max(16, Math.floor(pt));
    mt = Math.max(16, Math.floor(mt));
    var fs = big ? (narrow ? 16 : 20) : (narrow ? 13 : 14);
    root.style.setProperty("--ht", Math.floor(ht) + "px");
    root.style.setProperty("--pt", pt + "px");
    root.style.setProperty("--mt", mt + "px");
    root.style.setProperty("--pad", pad + "px");
    root.style.setProperty("--fs", fs + "px");
    return { rows: rows, narrow: narrow };
  }

  // ---- drawing ---------------------------------------------------------------------------

  function draw() {
    while (root.firstChild) root.removeChild(root.firstChild);
    root.classList.toggle("big", big);
    root.classList.toggle("readonly", readonly);
    if (!state) { reportHeight(); return; }
    root.setAttribute("aria-label", readonly ? w("table_readonly") : w("table"));
    var geo = layout();
    var confirm = !readonly && confirmTaps();
    root.setAttribute("data-confirm", confirm ? "1" : "");
    root.setAttribute("data-layout", geo.narrow ? "narrow" : "wide");
    root.classList.toggle("narrow", geo.narrow);

    // a phone held in the hand has no keyboard: no keyboard line, the help button sits in the centre
    var compact = geo.narrow && touchScreen();
    if (!compact) root.appendChild(topbar());
    var board = el("div", "board" + (geo.narrow ? " narrow" : ""));
    if (geo.narrow) { // the opponents across the top; the centre, the own pond and the own edge under them
      var across = el("div", "across");
      across.appendChild(seatBlock(seatAt("left"), true));
      across.appendChild(seatBlock(seatAt("right"), true));
      var near = el("div", "near");
      near.appendChild(centreBlock(compact));
      near.appendChild(ownPond(seatAt("bottom")));
      near.appendChild(ownEdge(seatAt("bottom"), true));
      board.appendChild(across);
      board.appendChild(near);
    } else {
      board.appendChild(seatBlock(seatAt("left"), false));
      board.appendChild(centreBlock(compact));
      board.appendChild(seatBlock(seatAt("right"), false));
      board.appendChild(ownPond(seatAt("bottom")));
    }
    root.appendChild(board);
    if (state.offer) root.appendChild(offerBlock());
    if (state.result) root.appendChild(resultBlock());
    if (!geo.narrow) root.appendChild(ownEdge(seatAt("bottom"), false));
    if (!state.offer) { // an offer's panel already asks "call or pass?": no second line above the hand
      var info = el("div", "info");
      info.setAttribute("data-role", "info");
      root.appendChild(info);
    }
    root.appendChild(handBlock(geo.rows));
    if (!readonly) root.appendChild(actionBar());
    root.appendChild(helpBlock());
    showInfo();
    reportHeight();
  }

  function topbar() {
    var bar = el("div", "topbar");
    var hint = el("span", "kbd-hint");
    hint.setAttribute("data-role", "kbd-hint");
    bar.appendChild(hint);
    bar.appendChild(helpButton());
    updateFocusHint(hint);
    return bar;
  }

  function helpButton() {
    var help = el("button", "help-btn", "?");
    help.type = "button";
    help.title = readonly ? w("help_title_readonly") : w("help_title");
    help.setAttribute("aria-label", readonly ? w("help_aria_readonly") : w("help_aria"));
    help.addEventListener("click", function () { toggleHelp(); });
    return help;
  }

  function updateFocusHint(hint) {
    hint = hint || root.querySelector("[data-role=kbd-hint]");
    if (!hint || readonly) return; // nothing to choose: no keyboard hint
    var on = document.hasFocus();
    hint.classList.toggle("on", on);
    hint.textContent = on ? w("kbd_on") : w("kbd_off");
  }

  function seatHead(seat) {
    var head = el("div", "seat-head");
    head.appendChild(el("span", "name", seat.name));
    head.appendChild(el("span", "badge", seat.wind));
    if (seat.dealer) head.appendChild(el("span", "badge dealer", w("dealer")));
    head.appendChild(el("span", "score", seat.score_text));
    if (seat.riichi) head.appendChild(el("span", "badge riichi", w("riichi")));
    if (seat.position !== "bottom" && !seat.revealed) head.appendChild(el("span", "count", seat.hand_size_text));
    return head;
  }

  function pondBlock(seat) {
    var pond = el("div", "pond");
    pond.setAttribute("data-role", "pond");
    seat.pond.forEach(function (row) {
      var r = el("div", "pond-row");
      row.forEach(function (d) {
        var cls = [d.sideways ? "side" : "", d.tsumogiri ? "tsumogiri" : "", d.called ? "called" : "",
          d.offered ? "offered" : "", d.riichi ? "riichi" : ""].filter(Boolean).join(" ");
        var t = tileEl(d, cls);
        var notes = [d.tile];
        if (d.riichi) notes.push(w("riichi"));
        if (d.tsumogiri) notes.push(w("tsumogiri"));
        if (d.called) notes.push(w("called"));
        if (d.since_riichi && d.since_riichi.length) notes.push(w("after_riichi", { names: d.since_riichi.join(", ") }));
        t.title = notes.join(" · ");
        r.appendChild(t);
      });
      pond.appendChild(r);
    });
    return pond;
  }

  /* The seat's melds (data-role=melds) and its Norths set aside (data-role=kita), or nothing. ``short``
     (a phone): the Norths as one tile and their number. */
  function callsBlock(seat, short) {
    var out = [];
    if (seat.melds.length) {
      var melds = el("div", "melds");
      melds.setAttribute("data-role", "melds");
      seat.melds.forEach(function (m) {
        var g = el("div", "meld");
        g.title = m.text;
        m.tiles.forEach(function (t) {
          if (t.added) {
            var s = el("div", "stack");
            s.appendChild(tileEl(t.added, "side"));
            s.appendChild(tileEl(t, "side"));
            g.appendChild(s);
          } else {
            g.appendChild(tileEl(t, t.called ? "side" : ""));
          }
        });
        melds.appendChild(g);
      });
      out.push(melds);
    }
    if (seat.kita) {
      var k = el("div", "meld kita");
      k.setAttribute("data-role", "kita");
      k.title = seat.kita_text;
      k.setAttribute("data-count", String(seat.kita));
      (short ? seat.kita_faces.slice(0, 1) : seat.kita_faces).forEach(function (f) { k.appendChild(faceEl(f)); });
      if (short && seat.kita > 1) k.appendChild(el("span", "count", "×" + seat.kita));
      out.push(k);
    }
    return out;
  }

  /* An opponent: its edge (name, score, melds, kita, the hand shown at a hand end) on the outer side, its
     pond towards the centre. */
  function seatBlock(seat, short) {
    var box = el("div", "seat " + seat.position + (seat.active ? " active" : ""));
    box.setAttribute("data-seat", seat.position);
    var edge = el("div", "edge");
    edge.setAttribute("data-role", "edge");
    edge.appendChild(seatHead(seat));
    var calls = callsBlock(seat, short);
    if (calls.length) {
      var c = el("div", "calls");
      calls.forEach(function (e) { c.appendChild(e); });
      edge.appendChild(c);
    }
    if (seat.revealed) {
      var shown = el("div", "shown");
      shown.appendChild(el("div", "caption", seat.revealed.label));
      var strip = el("div", "strip revealed");
      seat.revealed.tiles.forEach(function (t) { strip.appendChild(tileEl(t, t.win ? "win" : "")); });
      shown.appendChild(strip);
      edge.appendChild(shown);
    }
    box.appendChild(edge);
    box.appendChild(pondBlock(seat));
    return box;
  }

  /* The own pond, under the centre and in front of the hand. */
  function ownPond(seat) {
    var box = el("div", "seat bottom" + (seat.active ? " active" : ""));
    box.setAttribute("data-seat", "bottom");
    box.appendChild(pondBlock(seat));
    return box;
  }

  /* The own seat's edge, just above the hand: name and score, then the melds and kita. */
  function ownEdge(seat, short) {
    var box = el("div", "own-edge" + (seat.active ? " active" : ""));
    box.setAttribute("data-edge", "bottom");
    box.appendChild(seatHead(seat));
    var calls = callsBlock(seat, short);
    if (calls.length) {
      var c = el("div", "calls");
      calls.forEach(function (e) { c.appendChild(e); });
      box.appendChild(c);
    }
    return box;
  }

  function centreBlock(withHelp) {
    var c = state.centre;
    var box = el("div", "centre");
    box.setAttribute("data-role", "centre");
    box.appendChild(el("div", "round", c.round));
    var facts = el("div", "facts");
    [[w("honba"), c.honba, "honba"], [w("sticks"), c.sticks, "sticks"], [w("left"), c.tiles_left, "left"]].forEach(function (p) {
      var s = el("span", null, p[0] + " ");
      s.setAttribute("data-fact", p[2]);
      s.appendChild(el("b", null, p[1]));
      facts.appendChild(s);
    });
    box.appendChild(facts);
    var dora = el("div", "dora");
    dora.setAttribute("data-fact", "dora");
    dora.appendChild(el("span", null, w("dora")));
    var strip = el("div", "strip");
    c.dora.forEach(function (f) { strip.appendChild(faceEl(f)); });
    dora.appendChild(strip);
    box.appendChild(dora);
    if (withHelp) box.appendChild(helpButton());
    return box;
  }

  function offerBlock() {
    var o = state.offer;
    var box = el("div", "panel offer");
    box.setAttribute("data-role", "offer");
    box.appendChild(el("span", null, o.text));
    box.appendChild(tileEl(o, "offered"));
    var kinds = o.actions.map(function (id) { var a = findAction(id); return a ? a.label : id; });
    box.appendChild(el("span", null, kinds.length ? w("you_may", { calls: kinds.join(", ") }) : ""));
    if (state.advice) {
      var advice = el("span", "advice", adviceText());
      advice.title = adviceText(); // on a phone the line is cut after two lines
      box.appendChild(advice);
    }
    return box;
  }

  function resultBlock() {
    var r = state.result;
    var box = el("div", "panel result");
    box.setAttribute("data-role", "result");
    box.appendChild(el("h3", null, r.title + (r.label ? " — " + r.label : "")));
    if (r.lines.length) {
      var ul = el("ul");
      r.lines.forEach(function (line) { ul.appendChild(el("li", null, line)); });
      box.appendChild(ul);
    }
    if (r.sticks) box.appendChild(el("div", null, r.sticks));
    if (r.scores.length) {
      var t = el("table", "scores");
      r.scores.forEach(function (s) {
        var tr = el("tr");
        tr.appendChild(el("td", null, s.name));
        tr.appendChild(el("td", s.delta > 0 ? "plus" : (s.delta < 0 ? "minus" : ""), s.delta_text));
        tr.appendChild(el("td", null, s.after_text));
        t.appendChild(tr);
      });
      box.appendChild(t);
    }
    return box;
  }

  function handBlock(rows) {
    var box = el("div", "hand" + (riichiMode ? " riichi-mode" : "") + (rows === 2 ? " rows-2" : ""));
    box.setAttribute("data-role", "hand");
    var all = slots();
    var advisedId = state.advice ? state.advice.id : null;
    var plain = all.filter(function (s) { return !s.drawn; });
    var drawn = all.filter(function (s) { return s.drawn; });
    var split = rows === 2 ? Math.ceil(all.length / 2) : plain.length;
    var lines = rows === 2 ? [plain.slice(0, split), plain.slice(split).concat(drawn)] : [plain.concat(drawn)];
    var me = seatAt("bottom");
    var revealed = me && me.revealed;
    lines.forEach(function (line) {
      var r = el("div", "hand-row");
      line.forEach(function (slot) {
        var e = slot.entry;
        var last = revealed && slot.index === all.length - 1 && e.win;
        var cls = ["hand-tile",
          slot.drawn || last ? "drawn" : "",
          e.win ? "win" : "",
          e.id ? "playable" : "",
          e.riichi_id ? "can-riichi" : "",
          selected === slot.index ? "selected" : "",
          advisedId && (e.id === advisedId || e.riichi_id === advisedId) ? "advised" : ""].filter(Boolean).join(" ");
        var t = tileEl(e, cls);
        if (last) t.classList.remove("drawn");
        if (last) t.style.marginLeft = "calc(var(--ht) * 0.4)";
        var key = readonly ? "" : e.key; // a read-only hand is not chosen from
        t.setAttribute("data-slot", String(slot.index));
        if (e.id) t.setAttribute("data-action", e.id);
        if (key) t.setAttribute("data-key", key);
        var name = slot.drawn ? w("drawn_tile", { tile: e.title }) : e.title;
        t.setAttribute("aria-label", key ? w("tile_key", { tile: name, key: key }) : name);
        if (!readonly) {
          t.setAttribute("role", "button");
          hookTile(t, slot);
        }
        r.appendChild(t);
      });
      box.appendChild(r);
    });
    return box;
  }

  var BUTTON_CLASS = { tsumo: "win", ron: "win", pon: "call", minkan: "call", kakan: "call", ankan: "call",
    kita: "call", pass: "pass" };

  function actionBar() {
    var bar = el("div", "actions");
    bar.setAttribute("data-role", "actions");
    var advisedId = state.advice ? state.advice.id : null;
    var riichi = actionsOf("riichi");
    state.actions.forEach(function (a) {
      if (a.kind === "discard" && a.id !== "tsumogiri") return; // the hand's tiles are the buttons
      if (a.kind === "riichi") return; // one Riichi button below
      var b = button(a.label, a.key, BUTTON_CLASS[a.kind] || "", function () { send(a.id); });
      b.setAttribute("data-action", a.id);
      if (a.id === advisedId) b.classList.add("advised");
      bar.appendChild(b);
    });
    if (riichi.length) {
      var b = button(riichiMode ? w("riichi_pick") : w("riichi_button"), "r", riichiMode ? "on" : "",
        function () { toggleRiichi(); });
      b.setAttribute("data-action", "riichi");
      if (advisedId && advisedId.indexOf("riichi:") === 0) b.classList.add("advised");
      bar.appendChild(b);
    }
    if (state.undo) {
      var u = button(w("undo"), "u", "undo", function () { send(UNDO); });
      u.setAttribute("data-action", UNDO);
      bar.appendChild(u);
    }
    return bar;
  }

  function button(label, key, cls, onClick) {
    var b = el("button", cls, label);
    b.type = "button";
    if (key) b.appendChild(el("kbd", null, key));
    b.addEventListener("click", function (ev) { ev.preventDefault(); onClick(); focusRoot(); });
    return b;
  }

  // the help's rows of keys come with the state (words.key_rows: [keys, what they do])
  var MARKERS = [ // [colour, the meaning's word (words.markers), shown on a read-only table too]
    ["var(--drawn)", "drawn", true],
    ["var(--selected)", "selected", false],
    ["var(--win)", "win", true],
    ["var(--offered)", "offered", false],
    ["var(--advised)", "advised", false]
  ];

  function helpBlock() {
    var box = el("div", "help");
    box.setAttribute("data-role", "help");
    box.hidden = !helpOpen;
    box.appendChild(el("h2", null, readonly ? w("help_heading_readonly") : w("help_heading")));
    var close = button(w("close"), "Esc", "", function () { toggleHelp(false); });
    close.classList.add("close");
    box.appendChild(close);
    var cols = el("div", "cols");
    if (!readonly) {
      var keys = el("table");
      wordsOf("key_rows").forEach(function (row) {
        var tr = el("tr");
        var k = el("td");
        k.appendChild(el("kbd", null, row[0]));
        tr.appendChild(k);
        tr.appendChild(el("td", null, row[1]));
        keys.appendChild(tr);
      });
      cols.appendChild(keys);
    }
    var marks = el("table");
    MARKERS.forEach(function (row) {
      if (readonly && !row[2]) return;
      var tr = el("tr");
      var sw = el("td");
      var s = el("span", "swatch");
      s.style.boxShadow = "0 0 0 3px " + row[0];
      sw.appendChild(s);
      tr.appendChild(sw);
      tr.appendChild(el("td", null, (((state && state.words) || {}).markers || {})[row[1]] || row[1]));
      marks.appendChild(tr);
    });
    wordsOf("marks").forEach(function (row) {
      var tr = el("tr");
      tr.appendChild(el("td", null, row[0]));
      tr.appendChild(el("td", null, row[1]));
      marks.appendChild(tr);
    });
    cols.appendChild(marks);
    box.appendChild(cols);
    if (!readonly) {
      box.appendChild(el("p", "caption", w("help_caption")));
    }
    return box;
  }

  // ---- the information line --------------------------------------------------------------

  function adviceText() {
    var a = state.advice;
    var reason = a.reason || "";
    // a reason that starts by naming the action already says it
    if (reason.toLowerCase().indexOf(a.text.toLowerCase()) === 0) return w("hint", { reason: reason });
    return reason ? w("hint_action", { action: a.text, reason: reason }) : w("hint_plain", { action: a.text });
  }

  function factsFor(slot) {
    if (!slot || !state.facts) return null;
    var id = slotAction(slot) || slot.entry.id || slot.entry.riichi_id;
    return (id && state.facts[id]) || null;
  }

  function showInfo() {
    var info = root.querySelector("[data-role=info]");
    if (!info) return;
    while (info.firstChild) info.removeChild(info.firstChild);
    var all = slots();
    var slot = hovered !== null ? all[hovered] : (selected !== null ? all[selected] : null);
    var f = factsFor(slot);
    info.classList.toggle("facts-shown", !!f);
    info.setAttribute("data-facts", f ? "1" : "");
    if (f) {
      var line = el("span", null, f.text);
      if (f.best) line.appendChild(el("b", null, w("best_shape")));
      info.appendChild(line);
      return;
    }
    var text;
    if (riichiMode) text = w("info_riichi");
    else if (state.advice && !state.offer) text = adviceText();
    else if (state.result) text = w("info_over");
    else if (readonly) text = state.note || w("info_readonly"); // a caller may say why it is shown
    else if (state.actions.length && state.phase === "turn" && confirmTaps()) {
      text = w("info_tap");
    } else if (state.actions.length && state.phase === "turn") text = w("info_click");
    else if (state.actions.length) text = w("info_call");
    else text = w("info_wait");
    if (state.hand.furiten && !state.result) text += w("info_furiten");
    info.appendChild(el("span", null, text));
  }

  // ---- pointer: click, hover, long press -------------------------------------------------

  // a touch held on a tile: it counts as long after LONG_PRESS_MS and then only shows the facts; kept outside the
  // tiles so that a drawing that comes between the press and its release does not forget it
  var LONG_PRESS_MS = 450;
  var pressTimer = null;
  var longPressed = null; // the slot index of the tile held long, until the click its release sends

  function hookTile(t, slot) {
    t.addEventListener("mouseenter", function () { hovered = slot.index; showInfo(); });
    t.addEventListener("mouseleave", function () { if (hovered === slot.index) { hovered = null; showInfo(); } });
    t.addEventListener("touchstart", function () {
      longPressed = null;
      clearTimeout(pressTimer);
      pressTimer = setTimeout(function () { longPressed = slot.index; hovered = slot.index; showInfo(); }, LONG_PRESS_MS);
    }, { passive: true });
    t.addEventListener("touchmove", function () { clearTimeout(pressTimer); }, { passive: true });
    t.addEventListener("touchend", function (ev) {
      clearTimeout(pressTimer);
      if (longPressed === slot.index) { ev.preventDefault(); } // a long press only shows the facts
    });
    t.addEventListener("contextmenu", function (ev) { ev.preventDefault(); });
    t.addEventListener("click", function (ev) {
      ev.preventDefault();
      focusRoot();
      if (longPressed === slot.index) { longPressed = null; return; }
      var id = slotAction(slot);
      if (!id) return;
      if (confirmTaps() && !(raised === state.id && selected === slot.index)) {
        select(slot.index); // the first tap raises the tile and shows what its discard leaves
        raised = state.id;
        return;
      }
      selected = slot.index;
      send(id);
    });
  }

  // ---- keys ------------------------------------------------------------------------------

  function select(index) {
    var n = slots().length;
    if (!n) return;
    selected = Math.max(0, Math.min(n - 1, index));
    hovered = null;
    var tiles = root.querySelectorAll(".hand .tile");
    for (var i = 0; i < tiles.length; i++) {
      tiles[i].classList.toggle("selected", tiles[i].getAttribute("data-slot") === String(selected));
    }
    showInfo();
  }

  function toggleHelp(force) {
    helpOpen = force === undefined ? !helpOpen : force;
    var h = root.querySelector("[data-role=help]");
    if (h) h.hidden = !helpOpen;
    if (helpOpen) {
      root.style.minHeight = Math.max(h.scrollHeight + 4, 0) + "px";
    } else {
      root.style.minHeight = "";
    }
    reportHeight();
  }

  function toggleRiichi(force) {
    if (!actionsOf("riichi").length) return;
    riichiMode = force === undefined ? !riichiMode : force;
    raised = null; // a tile raised before is tapped again to be confirmed in the new mode
    draw();
  }

  function firstOfKey(key) {
    for (var i = 0; i < state.actions.length; i++) {
      var a = state.actions[i];
      if (a.key === key && a.kind !== "discard" && a.kind !== "riichi") return a.id;
    }
    return null;
  }

  document.addEventListener("keydown", function (ev) {
    if (!state || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    var key = ev.key;
    if (key === "?" || (key === "/" && ev.shiftKey)) { toggleHelp(); ev.preventDefault(); return; }
    if (readonly) { // only the help opens and closes
      if (key === "Escape" && helpOpen) { toggleHelp(false); ev.preventDefault(); }
      return;
    }
    if (key === "Escape") {
      if (helpOpen) toggleHelp(false);
      else if (riichiMode) toggleRiichi(false);
      else { selected = null; draw(); }
      ev.preventDefault();
      return;
    }
    if (helpOpen) return;
    var all = slots();
    if (/^[0-9]$/.test(key)) {
      var i = key === "0" ? 9 : Number(key) - 1;
      if (i < all.length && !all[i].drawn) select(i);
      ev.preventDefault();
      return;
    }
    if (key === "ArrowLeft" || key === "ArrowRight") {
      var start = selected === null ? (key === "ArrowLeft" ? all.length : -1) : selected;
      select(start + (key === "ArrowLeft" ? -1 : 1));
      ev.preventDefault();
      return;
    }
    if (key === "Home") { select(0); ev.preventDefault(); return; }
    if (key === "End") { select(all.length - 1); ev.preventDefault(); return; }
    if (key === "Enter" || key === " ") {
      if (selected !== null) send(slotAction(all[selected]));
      ev.preventDefault();
      return;
    }
    var k = key.toLowerCase();
    if (k === "t") { send(riichiMode ? "riichi:tsumogiri" : "tsumogiri"); ev.preventDefault(); return; }
    if (k === "r") { toggleRiichi(); ev.preventDefault(); return; }
    if (k === "u") { send(UNDO); ev.preventDefault(); return; }
    var id = firstOfKey(k);
    if (id) { send(id); ev.preventDefault(); }
  });

  window.addEventListener("focus", function () { updateFocusHint(); });
  window.addEventListener("blur", function () { updateFocusHint(); });
  root.addEventListener("pointerdown", function () { if (document.activeElement !== root) focusRoot(); });

  var resizeTimer = null;
  window.addEventListener("resize", function () {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(function () { if (state) draw(); }, 60);
  });
  if (window.ResizeObserver) {
    new ResizeObserver(function () { reportHeight(); }).observe(root);
  }

  post("streamlit:componentReady", { apiVersion: 1 });
})();
