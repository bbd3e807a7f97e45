import { render } from "preact";
import { App, connect } from "./app.tsx";

const root = document.getElementById("app");
if (root) render(<App ctx={connect()} />, root);
