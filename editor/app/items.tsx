// A list in a form, in people's words: each item named by its name field
// (editor/app/item-names.ts) and, if it holds fields, a disclosure that
// folds; every button says which item it acts on, after its visible word
// ("Move up Katharina Lindqvist", "Add to Areas of expertise (Katharina Lindqvist)").
import { getDefaultRegistry } from "@rjsf/core";
import type { ArrayFieldItemTemplateProps, ArrayFieldTemplateProps, IconButtonProps } from "@rjsf/utils";
import { cloneElement, createContext, isValidElement, type ReactElement, useContext, useMemo, useState } from "react";
import { PlainAddButton } from "./buttons.tsx";
import { pathWords } from "./item-names.ts";

/** The form's value, and the English a translation's value stands for: where items find their names. */
export const FormValue = createContext<{ data: unknown; source?: unknown }>({ data: undefined });

/** The path of the list an Add button adds to; none inside an item (an object's own Add is rjsf's). */
const ListPath = createContext<readonly (string | number)[] | undefined>(undefined);

type Root = Record<string, unknown>;

/** `path`'s words in the form: the item's own name last. */
export function useWords(root: unknown, path: readonly (string | number)[]): string[] {
  const value = useContext(FormValue);
  return pathWords(root as Root, value.data, value.source, path);
}

const phrase = (words: string[]) => words.join(", ");

const DefaultArray = getDefaultRegistry().templates.ArrayFieldTemplate;

/** The words a list's items are filtered by (lowercase); none: every item shows. */
const ListFilter = createContext<string[]>([]);

/** A list of this many items or more gets a filter over them (the consultants, the FAQ, the glossary). */
const FILTER_FROM = 4;

/** The item at `path` holds every word of `words`, in any of its texts. */
function matches(value: unknown, path: readonly (string | number)[], words: readonly string[]): boolean {
  if (words.length === 0) return true;
  let item = value;
  for (const key of path) item = item && typeof item === "object" ? (item as Record<string, unknown>)[key] : undefined;
  const text = JSON.stringify(item ?? "").toLowerCase();
  return words.every((word) => text.includes(word));
}

export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const path = props.fieldPathId.path;
  const [filter, setFilter] = useState("");
  const value = useContext(FormValue);
  const title = useWords(props.registry.rootSchema, path).pop() ?? "the list";
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const filterable = props.items.length >= FILTER_FROM && (props.schema.items as { type?: string })?.type === "object";
  const id = `${props.fieldPathId.$id}__filter`;
  const shown = props.items.filter((_, index) => matches(value.data, [...path, index], words)).length;
  return (
    <ListPath.Provider value={path}>
      {filterable ? (
        <p className="list-filter">
          <label htmlFor={id}>Filter {title}</label>
          <input
            id={id}
            type="search"
            value={filter}
            aria-describedby={`${id}_count`}
            onChange={(event) => setFilter(event.target.value)}
          />
          <span id={`${id}_count`} className="hint" aria-live="polite">
            {words.length ? `${shown} of ${props.items.length} shown` : `${props.items.length} items`}
          </span>
        </p>
      ) : null}
      <ListFilter.Provider value={filterable ? words : []}>
        <DefaultArray {...props} />
      </ListFilter.Provider>
    </ListPath.Provider>
  );
}

/** "Add to Consultants", "Add to Areas of expertise (Katharina Lindqvist)". */
export function AddButton(props: IconButtonProps) {
  const list = useContext(ListPath);
  return list ? <AddToList {...props} list={list} /> : <PlainAddButton {...props} />;
}

function AddToList({
  list: path,
  icon: _icon,
  iconType: _type,
  uiSchema: _ui,
  registry,
  className,
  ...rest
}: IconButtonProps & { list: readonly (string | number)[] }) {
  const words = useWords(registry.rootSchema, path);
  const title = words.pop() ?? "the list";
  const name = `Add to ${title}${words.length ? ` (${phrase(words)})` : ""}`;
  return (
    <button type="button" className={`btn btn-add ${className ?? ""}`} title={name} {...rest}>
      Add<span className="visually-hidden"> {name.slice("Add ".length)}</span>
    </button>
  );
}

export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps: b, hasToolbar, schema, registry } = props;
  const words = useWords(registry.rootSchema, b.fieldPathId.path);
  const own = words.at(-1) ?? "Item";
  const whole = phrase(words);
  const [open, setOpen] = useState(true);
  const filter = useContext(ListFilter);
  const value = useContext(FormValue);
  const hidden = !matches(value.data, b.fieldPathId.path, filter);
  // The item's field titled by its name; the same element while both stay, so React skips the unchanged fields.
  const item = useMemo(
    () =>
      isValidElement(children) ? cloneElement(children as ReactElement<{ title?: string }>, { title: own }) : children,
    [children, own],
  );
  const off = b.disabled || b.readonly;
  // The visible word first, then the item: the accessible name holds what is seen ("Move up Katharina Lindqvist").
  const button = (label: string, onClick: (event: never) => void, disabled: boolean, extra = "") => (
    <button type="button" className={`btn ${extra}`} title={`${label} ${whole}`} onClick={onClick} disabled={disabled}>
      {label}
      <span className="visually-hidden"> {whole}</span>
    </button>
  );
  const toolbar = hasToolbar ? (
    <div className="array-item-toolbox">
      <div className="btn-group">
        {b.hasMoveUp || b.hasMoveDown ? (
          <>
            {button("Move up", b.onMoveUpItem, off || !b.hasMoveUp)}
            {button("Move down", b.onMoveDownItem, off || !b.hasMoveDown)}
          </>
        ) : null}
        {b.hasRemove ? button("Remove", b.onRemoveItem, !!off, "btn-danger") : null}
      </div>
    </div>
  ) : null;
  if (schema.type !== "object") {
    return (
      <div className="rjsf-array-item" hidden={hidden}>
        <div>{item}</div>
        {toolbar}
      </div>
    );
  }
  return (
    <details
      className="rjsf-array-item item"
      hidden={hidden}
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>{own}</summary>
      <div className="item-body">
        <ListPath.Provider value={undefined}>
          <ListFilter.Provider value={[]}>{item}</ListFilter.Provider>
        </ListPath.Provider>
        {toolbar}
      </div>
    </details>
  );
}

/** The templates a form's lists use (FileEditor.tsx). */
export const listTemplates = { ArrayFieldTemplate, ArrayFieldItemTemplate };
