import { useEffect, useState } from "preact/hooks";
import type { CardSetResult, CardSetsResult } from "../../../core/wire/cards.ts";
import type { CardsRenderResult, CardsTemplatesResult } from "../../../core/wire/cards-labels.ts";
import { useAction, useApp, useRpc } from "../hooks.ts";
import { Notice } from "../ui/notice.tsx";

/** Cards previewed at once (each is a PNG the device paints). */
const PREVIEW_MAX = 12;
/** Preview resolution: sharp on a phone, quick to paint. */
const PREVIEW_DPI = 110;

interface Choice {
  template: string;
  paper: string;
  qr: boolean;
  chips: boolean;
}

/** The launch link's origin for QR codes: this page's, unless it is the device's loopback (then the device picks). */
function linkBase(): { linkBase?: string } {
  const loopback = /^(127\.|\[::1\]|localhost)/.test(location.hostname) || location.hostname === "::1";
  return loopback ? {} : { linkBase: location.origin };
}

/** Lets the browser fetch a rendered file from its one-time link, as a download. */
function download(file: CardsRenderResult): void {
  const a = document.createElement("a");
  a.href = file.url ?? "";
  a.download = file.filename;
  document.body.append(a);
  a.click();
  a.remove();
}

/**
 * Labels of a card set: pick the set, the label format and the paper, see the first cards as the device paints
 * them, and download the PDF of every card on sheets with cut marks.
 */
export function CardsLabels() {
  const { conn } = useApp();
  const sets = useRpc<CardSetsResult>("cards.sets");
  const formats = useRpc<CardsTemplatesResult>("cards.templates");
  const [setId, setSetId] = useState<number | null>(() => Number(new URLSearchParams(location.search).get("set")) || null);
  const [choice, setChoice] = useState<Choice>({ template: "id1-landscape", paper: "a4", qr: false, chips: true });
  const [cards, setCards] = useState<CardSetResult["items"]>([]);
  const [previews, setPreviews] = useState<Record<number, string>>({});
  const [previewError, setPreviewError] = useState<string>();
  const save = useAction();
  const list = sets.data?.sets ?? [];
  const current = setId ?? list[0]?.id ?? null;
  const format = formats.data?.templates.find((t) => t.id === choice.template);
  const perPage = format?.perPage[choice.paper] ?? 0;

  useEffect(() => {
    if (current === null) return;
    let live = true;
    setPreviews({});
    setPreviewError(undefined);
    void (async () => {
      try {
        const set = await conn.call<CardSetResult>("cards.set", { id: current });
        if (!live) return;
        setCards(set.items);
        for (let index = 0; index < Math.min(PREVIEW_MAX, set.items.length) && live; index++) {
          const png = await conn.call<CardsRenderResult>("cards.render", { setId: current, format: "png", index, dpi: PREVIEW_DPI, template: choice.template, qr: choice.qr, chips: choice.chips, ...linkBase() });
          if (live) setPreviews((p) => ({ ...p, [index]: `data:image/png;base64,${png.data}` }));
        }
      } catch (err) {
        if (live) setPreviewError((err as Error).message);
      }
    })();
    return () => {
      live = false;
    };
  }, [conn, current, choice.template, choice.qr, choice.chips]);

  if (sets.error) return <Notice error={sets.error} />;
  if (sets.data && list.length === 0) return <p class="sub">No card sets yet. Make one and add games to it, then print its labels here.</p>;
  const pages = perPage ? Math.ceil(cards.length / perPage) : 0;
  return (
    <section aria-label="Labels" class="cards-labels">
      <div class="row">
        <label>
          Card set
          <select value={current ?? ""} onChange={(e) => setSetId(Number(e.currentTarget.value))}>
            {list.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({s.count})
              </option>
            ))}
          </select>
        </label>
        <label>
          Label
          <select value={choice.template} onChange={(e) => setChoice({ ...choice, template: e.currentTarget.value })} data-testid="label-template">
            {formats.data?.templates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Paper
          <select value={choice.paper} onChange={(e) => setChoice({ ...choice, paper: e.currentTarget.value })} data-testid="label-paper">
            {formats.data?.papers.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div class="row">
        <label class="switch">
          <input type="checkbox" checked={choice.chips} disabled={format?.extras === false} onChange={(e) => setChoice({ ...choice, chips: e.currentTarget.checked })} />
          Tag chips
        </label>
        <label class="switch">
          <input type="checkbox" checked={choice.qr} disabled={format?.extras === false} onChange={(e) => setChoice({ ...choice, qr: e.currentTarget.checked })} />
          QR code of the launch link
        </label>
      </div>
      <p class="sub" data-testid="label-summary">
        {cards.length} {cards.length === 1 ? "card" : "cards"}, {perPage} per sheet: {pages} {pages === 1 ? "page" : "pages"} with cut marks and bleed.
        {format?.extras === false ? " Sticker discs show art, title and system only." : ""}
      </p>
      <div class="actions">
        <button
          type="button"
          disabled={save.busy || current === null || cards.length === 0}
          data-testid="label-download"
          onClick={() =>
            void save.run(async () => {
              const file = await conn.call<CardsRenderResult>("cards.render", { setId: current, format: "pdf", delivery: "url", template: choice.template, paper: choice.paper, qr: choice.qr, chips: choice.chips, ...linkBase() });
              download(file);
              return `Saved ${file.filename} (${file.pages} ${file.pages === 1 ? "page" : "pages"}).`;
            })
          }
        >
          {save.busy ? "Making the PDF…" : "Download PDF"}
        </button>
        <Notice error={save.error} message={save.message} />
      </div>
      {previewError && <Notice error={previewError} />}
      <ul class={`label-previews ${format?.shape === "round" ? "round" : ""}`} data-testid="label-previews" aria-label="Preview">
        {cards.slice(0, PREVIEW_MAX).map((card, i) => (
          <li key={card.itemId}>
            {previews[i] ? <img src={previews[i]} alt={`Label of ${card.title}`} /> : <span class="label-pending" role="img" aria-label={`Label of ${card.title}, being drawn`} />}
          </li>
        ))}
      </ul>
      {cards.length > PREVIEW_MAX && <p class="sub">The first {PREVIEW_MAX} of {cards.length} labels; the PDF has them all.</p>}
    </section>
  );
}
