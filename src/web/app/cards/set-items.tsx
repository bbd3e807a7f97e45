import type { CardSetItem } from "../types.ts";

/** A set's games in order, each with the script its tag gets, moved up or down or removed. */
export function SetItems({ items, move, remove }: { items: CardSetItem[]; move(item: CardSetItem, to: number): void; remove(item: CardSetItem): void }) {
  if (items.length === 0) return <p class="sub">No games yet: add some below.</p>;
  return (
    <ol class="list card-items" data-testid="set-items">
      {items.map((item, i) => (
        <li key={item.itemId}>
          <span class="result-text">
            <span class="title">
              {i + 1}. {item.title}
            </span>
            <span class="sub">{item.systemName}</span>
            <span class="sub mono">{item.script}</span>
          </span>
          <span class="actions">
            <button type="button" class="secondary small" disabled={i === 0} aria-label={`Move ${item.title} up`} onClick={() => move(item, i - 1)}>
              ↑
            </button>
            <button type="button" class="secondary small" disabled={i === items.length - 1} aria-label={`Move ${item.title} down`} onClick={() => move(item, i + 1)}>
              ↓
            </button>
            <button type="button" class="secondary small" aria-label={`Remove ${item.title}`} onClick={() => remove(item)}>
              Remove
            </button>
          </span>
        </li>
      ))}
    </ol>
  );
}
