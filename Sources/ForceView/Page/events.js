// The app pages' connection to the view: reads the /events WebSocket with the page's token and
// hands each JSON line to `receive`; body[data-connected] and #connection say whether it is live.
"use strict";

function connectEvents(receive) {
  const token = new URLSearchParams(location.search).get("token") || "";
  const status = (connected, label) => {
    document.body.dataset.connected = String(connected);
    document.getElementById("connection").textContent = label;
  };
  const socket = new WebSocket(`ws://${location.host}/events?token=${encodeURIComponent(token)}`);
  socket.onopen = () => status(true, "live");
  socket.onclose = () => status(false, "disconnected");
  socket.onmessage = (message) => {
    let line;
    try { line = JSON.parse(message.data); } catch { return; }
    if (line.type === "device-lost") status(true, "device lost");
    receive(line);
  };
}
