// ForceBridge's EmojiRater page: draws the rating overlay's state as the server sends it
// (`view-rate` lines: the overlay decides previews, commits, cancels, actions and loads; nothing
// is decided here), logs its events (the lines of `rate --format jsonl`) and the haptics played
// (`view-feedback`). Every state shown is also in data attributes, for tools and tests.
"use strict";

const body = document.body;
const seen = new Set();
const feedback = [];
const prefetched = new Set();
// The most actions shown at once (kept: a replay's actions can come and go between two looks).
let mostActions = 0;
// The session's own lines (`replay --format jsonl`); every other line without `view-` is the
// overlay's event as `rate --format jsonl` prints it.
const SESSION_LINES = new Set(["device", "touch", "interaction", "device-lost", "summary"]);

function receive(line) {
  if (line.type === "view-rate") show(line);
  else if (line.type === "view-feedback") haptic(line);
  else if (!SESSION_LINES.has(line.type) && !line.type.startsWith("view-")) event(line);
}

function text(id, value) { document.getElementById(id).textContent = value; }

function show(state) {
  text("store", state.store ? `ratings: ${state.store}` : "");
  text("filter", state.ratedOnly ? "· rated only" : "");
  seen.add(state.phase);
  mostActions = Math.max(mostActions, state.actions.length);
  Object.assign(body.dataset, {
    phase: state.phase, active: state.active ?? "", fade: state.fade, commit: state.commit,
    highlighted: state.highlighted ?? "", seen: [...seen].join(" "), mostActions,
    outcome: state.outcome?.kind ?? "", outcomeItem: state.outcome?.item ?? "", outcomeRating: state.outcome?.rating ?? "",
    rated: state.cells.filter((c) => c.rating).map((c) => `${c.item}:${c.rating}`).join(" "),
  });
  drawGrid(state);
  drawActions(state);
  drawLoads(state);
}

function drawGrid(state) {
  const grid = document.getElementById("grid");
  grid.style.gridTemplateColumns = `repeat(${state.columns}, 1fr)`;
  const first = state.firstRow * state.columns;
  const cells = state.cells.slice(first, first + state.rows * state.columns);
  grid.replaceChildren(...cells.map((cell) => drawCell(cell, state)));
}

function drawCell(cell, state) {
  const element = document.createElement("div");
  element.className = "cell";
  Object.assign(element.dataset, { item: cell.item, state: cell.state, rating: cell.rating || "" });
  element.textContent = cell.state === "loaded" ? cell.emoji : (cell.state === "notLoaded" ? "" : `${cell.state}…`);
  const active = state.active === cell.item;
  if (state.ratedOnly && !cell.rating) element.style.opacity = 0.15;
  if (state.active !== null) {
    // The preview: the pressed cell grows with the progress, the rest fades.
    if (active) {
      element.classList.add("active");
      element.style.transform = `scale(${1 + 0.25 * state.fade + 0.1 * state.commit})`;
      const thumbs = document.createElement("div");
      thumbs.className = "thumbs";
      for (const rating of ["up", "down"]) {
        const thumb = document.createElement("span");
        thumb.textContent = rating === "up" ? "👍" : "👎";
        thumb.dataset.rating = rating;
        if (state.highlighted === rating) thumb.classList.add("highlighted");
        thumbs.append(thumb);
      }
      thumbs.style.opacity = state.fade;
      element.append(thumbs);
    } else {
      element.style.opacity = 1 - 0.75 * state.fade;
    }
  }
  if (cell.rating && !active) {
    const badge = document.createElement("span");
    badge.className = "badge";
    badge.textContent = cell.rating === "up" ? "👍" : "👎";
    element.append(badge);
  }
  return element;
}

function drawActions(state) {
  const list = document.getElementById("actions");
  list.replaceChildren(...state.actions.map((action, index) => {
    const item = document.createElement("li");
    item.textContent = action.title;
    item.dataset.style = action.style;
    if (index === state.highlightedAction) item.classList.add("highlighted");
    return item;
  }));
}

function drawLoads(state) {
  const visible = new Set();
  for (let i = state.firstRow * state.columns; i < (state.firstRow + state.rows) * state.columns; i++) visible.add(i);
  const loads = document.getElementById("loads");
  loads.style.gridTemplateColumns = `repeat(${state.columns}, 1.6em)`;
  loads.replaceChildren(...state.cells.map((cell) => {
    const dot = document.createElement("span");
    dot.className = `dot ${cell.state}${visible.has(cell.item) ? " visible" : ""}`;
    dot.title = `item ${cell.item}: ${cell.state}`;
    dot.dataset.item = cell.item;
    dot.dataset.state = cell.state;
    return dot;
  }));
}

// The overlay's events: the progress updates are in the state; the rest (loads, prefetches,
// presses, ratings, actions) is logged.
function event(line) {
  if (line.type === "prefetch") {
    for (const item of line.items) prefetched.add(item);
    body.dataset.prefetched = [...prefetched].join(" ");
  }
  if (line.type !== "preview" && line.type !== "commit") log("events", describe(line));
}

function describe(line) {
  const what = line.items ? ` ${line.items.join(", ")}` : (line.item !== undefined && line.item !== null ? ` ${line.item}` : "");
  const extra = [line.emoji, line.rating, line.action, line.reason].filter((v) => v !== undefined && v !== null);
  return `${line.time.toFixed(3)} s ${line.type}${what}${extra.length ? ` (${extra.join(", ")})` : ""}`;
}

function haptic(line) {
  feedback.push(line.moment);
  body.dataset.feedback = feedback.join(" ");
  const strength = line.intensity === undefined ? "" : ` ${line.intensity.toFixed(2)}`;
  log("haptics", `${line.time.toFixed(3)} s ${line.moment}${strength}`);
}

function log(id, entry) {
  const list = document.getElementById(id);
  const item = document.createElement("li");
  item.textContent = entry;
  list.prepend(item);
  while (list.children.length > 14) list.lastChild.remove();
}

connectEvents(receive);
