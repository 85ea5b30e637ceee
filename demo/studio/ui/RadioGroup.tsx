import { h, type ComponentChildren } from 'preact';

export interface RadioGroupProps<T extends string> {
  label: string;
  /** The `name` the radios share (one per page). */
  name: string;
  options: readonly { value: T; label: ComponentChildren; disabled?: boolean }[];
  value: T;
  onChange(value: T): void;
}

/**
 * A segmented switch made of native radio buttons: the browser gives it one tab stop
 * and arrow keys to move (WAI-ARIA's radio group pattern), with no key handling of ours.
 */
export function RadioGroup<T extends string>({ label, name, options, value, onChange }: RadioGroupProps<T>) {
  return (
    <div class="segmented" role="radiogroup" aria-label={label}>
      {options.map((o) => (
        <label class="segmented__option" key={o.value}>
          <input type="radio" name={name} value={o.value} checked={o.value === value} disabled={o.disabled}
            onChange={() => onChange(o.value)} />
          <span>{o.label}</span>
        </label>
      ))}
    </div>
  );
}
