// How the page reaches the game. Served by a table server: over its websocket. The folder that
// `ninetynine-audio build-web` writes replaces this file with TRANSPORT = "worker": the game then
// runs inside the page (worker.js).
export const TRANSPORT = "websocket";
