import { useEffect, useState } from "preact/hooks";

type Encode = typeof import("uqr").encode;
let encoder: Promise<Encode> | null = null;
/** The QR encoder loads the first time a code is shown. */
const loadEncoder = () => (encoder ??= import("uqr").then((m) => m.encode));

/**
 * A QR code as inline SVG: one path of dark modules, scalable, readable in both colour schemes. The box has
 * its final size from the start, so nothing moves when the encoder arrives.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [encode, setEncode] = useState<Encode | null>(null);
  useEffect(() => {
    let live = true;
    loadEncoder().then(
      (fn) => live && setEncode(() => fn),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  if (!encode) return <svg class="qr" viewBox="0 0 1 1" role="img" aria-label={label} aria-busy="true" />;
  const { size, data } = encode(text, { ecc: "M", border: 2 });
  let d = "";
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg class="qr" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shape-rendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
