// rjsf's list buttons with words instead of its default theme's icon font
// (which this page does not load): "Move up", "Remove", "Add item".
import type { IconButtonProps, TemplatesType } from "@rjsf/utils";
import { TranslatableString } from "@rjsf/utils";

type Props = IconButtonProps & { label: TranslatableString };

function TextButton({ label, icon: _icon, iconType, uiSchema: _ui, registry, className, title, ...rest }: Props) {
  const text = registry.translateString(label);
  return (
    <button
      type="button"
      className={`btn btn-${iconType ?? "default"} ${className ?? ""}`}
      title={title ?? text}
      {...rest}
    >
      {text}
    </button>
  );
}

const make = (label: TranslatableString, iconType?: string) => (props: IconButtonProps) => (
  <TextButton {...props} label={label} iconType={iconType ?? props.iconType} />
);

/** rjsf's own Add ("Add item"), where no list says what is added to (editor/app/items.tsx). */
export const PlainAddButton = make(TranslatableString.AddItemButton, "add");

export const buttonTemplates: Partial<TemplatesType["ButtonTemplates"]> = {
  AddButton: PlainAddButton,
  CopyButton: make(TranslatableString.CopyButton),
  MoveDownButton: make(TranslatableString.MoveDownButton),
  MoveUpButton: make(TranslatableString.MoveUpButton),
  RemoveButton: make(TranslatableString.RemoveButton, "danger"),
  ClearButton: make(TranslatableString.ClearButton),
};
