// ForceBridge's HapticBounce page: the server runs the sphere's world on the session clock and
// sends its position (`view-bounce`), each hit on an edge with the haptic it played
// (`view-bounce-collision`) and what the motor played (`view-feedback`). The page draws them and
// plays its own sound for each hit, synthesized with WebAudio at a volume from the hit's
// intensity (the same speed mapping as the haptic). Every state is also in data attributes.
"use strict";

const body = document.body;
let audio = null;
let collisions = 0;
// Times the pen took hold of the sphere: a hold can be shorter than two looks of a loaded test.
let grabs = 0;

function receive(line) {
  if (line.type === "view-device") fit(line);
  else if (line.type === "view-bounce") move(line);
  else if (line.type === "view-bounce-collision") collide(line);
  else if (line.type === "view-feedback") played(line);
}

function fit(device) {
  if (typeof device.xMin !== "number" || !(device.xMax > device.xMin && device.yMax > device.yMin)) return;
  const [x, y, w, h] = [device.xMin, device.yMin, device.xMax - device.xMin, device.yMax - device.yMin];
  document.getElementById("world").setAttribute("viewBox", `${x} ${y} ${w} ${h}`);
  const surface = document.getElementById("surface");
  for (const [name, value] of [["x", x], ["y", y], ["width", w], ["height", h]]) surface.setAttribute(name, value);
}

function move(state) {
  const sphere = document.getElementById("sphere");
  sphere.setAttribute("cx", state.x);
  sphere.setAttribute("cy", state.y);
  sphere.setAttribute("r", state.radius);
  if (state.held && body.dataset.held !== "true") body.dataset.grabs = ++grabs;
  Object.assign(body.dataset, { held: state.held, speed: state.speed, x: state.x, y: state.y });
}

function collide(hit) {
  collisions += 1;
  body.dataset.collisions = collisions;
  const volume = soundVolume(hit.intensity);
  const item = document.createElement("li");
  Object.assign(item.dataset, { edge: hit.edge, speed: hit.speed, intensity: hit.intensity, sharpness: hit.sharpness, volume });
  item.className = "collision";
  item.textContent = `${hit.time.toFixed(3)} s ${hit.edge} ${hit.speed.toFixed(2)} → ${hit.intensity.toFixed(2)}, ${hit.sharpness.toFixed(2)}; volume ${volume.toFixed(2)}`;
  document.getElementById("collisions").append(item);
  flash(hit);
  sound(volume, hit.sharpness);
}

// The sound's volume: the haptic's intensity, which the server derived from the hit's speed.
function soundVolume(intensity) { return Math.max(0, Math.min(1, intensity)); }

function flash(hit) {
  const ring = document.createElementNS("http://www.w3.org/2000/svg", "circle");
  const sphere = document.getElementById("sphere");
  ring.setAttribute("cx", hit.x);
  ring.setAttribute("cy", hit.y);
  ring.setAttribute("r", Number(sphere.getAttribute("r")) * (1 + hit.intensity));
  ring.setAttribute("class", "flash");
  ring.style.opacity = 0.3 + 0.7 * hit.intensity;
  const flashes = document.getElementById("flashes");
  flashes.append(ring);
  while (flashes.children.length > 6) flashes.firstChild.remove();
}

// A short knock: a sine whose pitch follows the sharpness, decaying in 120 ms.
function sound(volume, sharpness) {
  if (!audio || audio.state !== "running" || volume <= 0) return;
  const now = audio.currentTime;
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.frequency.value = 180 + 520 * sharpness;
  gain.gain.setValueAtTime(volume, now);
  gain.gain.exponentialRampToValueAtTime(0.001, now + 0.12);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(now);
  oscillator.stop(now + 0.13);
}

function played(line) {
  const item = document.createElement("li");
  Object.assign(item.dataset, { moment: line.moment, intensity: line.intensity ?? "", sharpness: line.sharpness ?? "" });
  item.className = "played";
  item.textContent = `${line.time.toFixed(3)} s ${line.moment}` + (line.intensity === undefined ? "" : ` ${line.intensity.toFixed(2)}`);
  document.getElementById("haptics").append(item);
}

// Browsers start audio only after a gesture (or with autoplay allowed); the button is the gesture.
function startSound() {
  audio = audio || new AudioContext();
  audio.resume().then(() => { body.dataset.sound = audio.state === "running" ? "on" : "off"; });
}
document.getElementById("sound").addEventListener("click", startSound);
try { startSound(); } catch { /* no audio here */ }

connectEvents(receive);
