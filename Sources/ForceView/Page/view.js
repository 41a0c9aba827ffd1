// ForceBridge's live view: reads the session's JSON lines (the lines of `replay --format jsonl`,
// plus `view-device` and `view-feedback`) from the /events WebSocket and draws them. Every state
// the page shows is also in data attributes, for people's tools and for the tests.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const TRAIL_POINTS = 24;         // points kept per trail
const STRIP_SECONDS = 4;         // the time window of a force strip
const ENDED_TOUCH_MS = 1500;     // how long a lifted touch stays drawn

const token = new URLSearchParams(location.search).get("token") || "";
const body = document.body;
const view = {
  device: null,                  // the view-device line
  area: { xMin: 0, xMax: 1000, yMin: 0, yMax: 1000, fixed: false },
  touches: new Map(),            // id → { circle, ring, trail, points, samples, strip, phase }
  state: "idle", progress: 0, maxProgress: 0, seen: [], feedback: [], lastTime: 0,
};

function connect() {
  const socket = new WebSocket(`ws://${location.host}/events?token=${encodeURIComponent(token)}`);
  socket.onopen = () => { body.dataset.connected = "true"; setText("connection", "live"); };
  socket.onclose = () => { body.dataset.connected = "false"; setText("connection", "disconnected"); };
  socket.onmessage = (message) => {
    let line;
    try { line = JSON.parse(message.data); } catch { return; }
    receive(line);
  };
}

function receive(line) {
  switch (line.type) {
    case "view-device": showDevice(line); break;
    case "device": if (!view.device) showDevice(line); break;
    case "touch": showTouch(line); break;
    case "interaction": showInteraction(line); break;
    case "view-feedback": showFeedback(line); break;
    case "device-lost": setText("connection", "device lost"); break;
    case "summary": showSummary(line); break;
  }
  if (typeof line.time === "number") view.lastTime = Math.max(view.lastTime, line.time);
}

function showDevice(line) {
  view.device = line;
  if (typeof line.xMin === "number" && line.xMax > line.xMin && line.yMax > line.yMin) {
    view.area = { xMin: line.xMin, xMax: line.xMax, yMin: line.yMin, yMax: line.yMax, fixed: true };
    fitArea();
  }
  body.dataset.deviceKind = line.kind || "";
  body.dataset.forceSource = line.forceSource || "";
  const facts = document.getElementById("facts");
  facts.replaceChildren();
  const range = line.pressureAxis && line.pressureAxis !== "none"
    ? `${line.pressureAxis} ${line.pressureMin}…${line.pressureMax}` : "none";
  const rows = [["device", line.name], ["kind", line.kind], ["force source", line.forceSource],
    ["pressure", range], ["sensitivity", line.sensitivity || "—"],
    ["thresholds", line.begin === undefined ? "—" : `${line.begin} / ${line.previewEnd} / ${line.commitEnd}`]];
  for (const [name, value] of rows) {
    const row = document.createElement("div");
    const term = document.createElement("dt");
    const detail = document.createElement("dd");
    term.textContent = name;
    detail.textContent = value;
    row.dataset.fact = name.replace(/ /g, "-");
    row.append(term, detail);
    facts.append(row);
  }
}

function fitArea() {
  const a = view.area;
  const svg = document.getElementById("area");
  svg.setAttribute("viewBox", `${a.xMin} ${a.yMin} ${a.xMax - a.xMin} ${a.yMax - a.yMin}`);
  const surface = document.getElementById("surface");
  surface.setAttribute("x", a.xMin); surface.setAttribute("y", a.yMin);
  surface.setAttribute("width", a.xMax - a.xMin); surface.setAttribute("height", a.yMax - a.yMin);
}

// Without the device's ranges, the area grows to hold every point seen.
function extendArea(x, y) {
  const a = view.area;
  if (a.fixed) return;
  if (view.touches.size === 0 && a.xMin === 0 && a.xMax === 1000) {
    Object.assign(a, { xMin: x - 500, xMax: x + 500, yMin: y - 500, yMax: y + 500 });
  }
  a.xMin = Math.min(a.xMin, x); a.xMax = Math.max(a.xMax, x);
  a.yMin = Math.min(a.yMin, y); a.yMax = Math.max(a.yMax, y);
  fitArea();
}

function touchRecord(id) {
  let touch = view.touches.get(id);
  if (touch) return touch;
  const circle = document.createElementNS(SVG, "circle");
  circle.classList.add("touch");
  circle.dataset.id = id;
  const ring = document.createElementNS(SVG, "circle");
  ring.classList.add("ring");
  const trail = document.createElementNS(SVG, "polyline");
  trail.classList.add("trail");
  trail.dataset.id = id;
  document.getElementById("trails").append(trail);
  document.getElementById("touches").append(circle, ring);
  touch = { id, circle, ring, trail, points: [], samples: [], feedback: [], strip: makeStrip(id), phase: "began", removal: 0 };
  view.touches.set(id, touch);
  body.dataset.touches = String(view.touches.size);
  return touch;
}

function showTouch(line) {
  extendArea(line.x, line.y);
  const touch = touchRecord(line.id);
  clearTimeout(touch.removal);
  touch.phase = line.phase;
  touch.points.push([line.x, line.y]);
  if (touch.points.length > TRAIL_POINTS) touch.points.shift();
  touch.samples.push([line.time, line.force]);
  while (touch.samples.length && touch.samples[0][0] < line.time - STRIP_SECONDS) touch.samples.shift();
  const a = view.area;
  const size = Math.min(a.xMax - a.xMin, a.yMax - a.yMin);
  // The circle's radius follows the force, from a light touch's to six times it at full force.
  const radius = size * (0.02 + 0.1 * Math.min(1, Math.max(0, line.normalizedForce)));
  const c = touch.circle;
  c.setAttribute("cx", line.x); c.setAttribute("cy", line.y); c.setAttribute("r", radius);
  c.dataset.phase = line.phase;
  c.dataset.tool = line.tool;
  c.dataset.force = line.force;
  c.dataset.normalizedForce = line.normalizedForce;
  c.dataset.state = view.state;
  touch.trail.dataset.state = view.state;
  touch.trail.setAttribute("points", touch.points.map((p) => p.join(",")).join(" "));
  drawRing(touch, radius);
  drawStrip(touch);
  if (line.phase === "ended" || line.phase === "cancelled") {
    touch.removal = setTimeout(() => removeTouch(touch), ENDED_TOUCH_MS);
  }
}

function removeTouch(touch) {
  touch.circle.remove(); touch.ring.remove(); touch.trail.remove(); touch.strip.root.remove();
  view.touches.delete(touch.id);
  body.dataset.touches = String(view.touches.size);
}

// The preview's progress as a ring around the touch.
function drawRing(touch, radius) {
  const ring = touch.ring;
  const c = touch.circle;
  const r = radius * 1.35;
  ring.setAttribute("cx", c.getAttribute("cx")); ring.setAttribute("cy", c.getAttribute("cy"));
  ring.setAttribute("r", r);
  ring.setAttribute("stroke-width", radius * 0.25);
  const shown = view.state === "preview" ? view.progress : 0;
  const length = 2 * Math.PI * r;
  ring.setAttribute("stroke-dasharray", `${length * shown} ${length}`);
  ring.dataset.progress = shown.toFixed(4);
}

function showInteraction(line) {
  const states = { shouldBegin: "possible", preview: "preview", commit: "commit", cancel: "cancel" };
  const state = states[line.event];
  if (!state) return;
  setState(state, typeof line.progress === "number" ? line.progress : (state === "possible" ? 0 : view.progress));
}

function setState(state, progress) {
  if (state !== view.state && state === "possible") view.maxProgress = 0;
  view.state = state;
  view.progress = progress;
  if (state === "preview") view.maxProgress = Math.max(view.maxProgress, progress);
  if (view.seen[view.seen.length - 1] !== state) view.seen.push(state);
  body.dataset.state = state;
  body.dataset.progress = progress.toFixed(4);
  body.dataset.maxProgress = view.maxProgress.toFixed(4);
  body.dataset.seen = view.seen.join(" ");
  const panel = document.getElementById("interaction");
  panel.dataset.state = state;
  setText("state-label", state === "preview" ? `preview ${Math.round(progress * 100)}%` : state);
  document.getElementById("progress-fill").style.width = `${Math.round(progress * 100)}%`;
  for (const touch of view.touches.values()) {
    touch.circle.dataset.state = state;
    touch.trail.dataset.state = state;
    drawRing(touch, Number(touch.circle.getAttribute("r")) || 0);
  }
}

function showFeedback(line) {
  view.feedback.push(line);
  body.dataset.feedbackCount = String(view.feedback.length);
  body.dataset.lastFeedback = line.moment;
  const touch = view.touches.get(line.id);
  if (touch) { touch.feedback.push([line.time, line.moment]); drawStrip(touch); }
}

function showSummary(line) {
  const summary = document.getElementById("summary");
  summary.dataset.commits = line.commits ?? "";
  summary.textContent = `summary: ${line.frames} frames, ${line.touches} touches, peak force ${line.peakNormalizedForce}, `
    + `${line.commits ?? 0} commits, ${line.cancels ?? 0} cancels`;
  body.dataset.ended = "true";
}

function makeStrip(id) {
  const root = document.createElement("div");
  root.classList.add("strip");
  root.dataset.id = id;
  const title = document.createElement("h2");
  title.textContent = `touch ${id}: force over the last ${STRIP_SECONDS} s`;
  const canvas = document.createElement("canvas");
  canvas.width = 640; canvas.height = 160;
  root.append(title, canvas);
  document.getElementById("strips").prepend(root);
  return { root, canvas };
}

// Force over time, scrolling: the begin, preview and commit thresholds as lines, haptics as pulses.
function drawStrip(touch) {
  const canvas = touch.strip.canvas;
  const g = canvas.getContext("2d");
  const w = canvas.width, h = canvas.height;
  const device = view.device || {};
  const top = Math.max(device.maximumPossibleForce || 1, ...touch.samples.map((s) => s[1])) * 1.05;
  const end = touch.samples.length ? touch.samples[touch.samples.length - 1][0] : 0;
  const x = (t) => w - (end - t) / STRIP_SECONDS * w;
  const y = (f) => h - f / top * h;
  const color = (name) => getComputedStyle(document.documentElement).getPropertyValue(name);
  g.clearRect(0, 0, w, h);
  g.lineWidth = 1;
  g.font = "11px sans-serif";
  for (const [key, name, colour] of [["begin", "begin", "--possible"], ["previewEnd", "preview", "--preview"], ["commitEnd", "commit", "--commit"]]) {
    if (typeof device[key] !== "number") continue;
    g.strokeStyle = g.fillStyle = color(colour);
    g.setLineDash([4, 4]);
    g.beginPath(); g.moveTo(0, y(device[key])); g.lineTo(w, y(device[key])); g.stroke();
    g.fillText(name, 4, y(device[key]) - 3);
  }
  g.setLineDash([]);
  for (const [time, moment] of touch.feedback) {
    const px = x(time);
    g.strokeStyle = color(moment === "pop" ? "--commit" : "--preview");
    g.lineWidth = moment === "pop" ? 4 : 2;
    g.beginPath(); g.moveTo(px, 0); g.lineTo(px, h); g.stroke();
  }
  g.strokeStyle = "#e8edf3";
  g.lineWidth = 2;
  g.beginPath();
  touch.samples.forEach(([t, f], index) => (index ? g.lineTo(x(t), y(f)) : g.moveTo(x(t), y(f))));
  g.stroke();
  touch.strip.root.dataset.samples = String(touch.samples.length);
  touch.strip.root.dataset.pulses = String(touch.feedback.length);
}

function setText(id, text) { document.getElementById(id).textContent = text; }

connect();
