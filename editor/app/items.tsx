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

export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  return (
    <ListPath.Provider value={props.fieldPathId.path}>
      <DefaultArray {...props} />
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
      <div className="rjsf-array-item">
        <div>{item}</div>
        {toolbar}
      </div>
    );
  }
  return (
    <details className="rjsf-array-item item" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{own}</summary>
      <div className="item-body">
        <ListPath.Provider value={undefined}>{item}</ListPath.Provider>
        {toolbar}
      </div>
    </details>
  );
}

/** The templates a form's lists use (FileEditor.tsx). */
export const listTemplates = { ArrayFieldTemplate, ArrayFieldItemTemplate };
