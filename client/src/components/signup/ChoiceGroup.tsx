interface ChoiceGroupProps<T extends string> {
  legend: string;
  name: string;
  value: T | '';
  options: Array<{ value: T; label: string; emoji: string }>;
  error?: string | null;
  onChange: (value: T) => void;
}

/** Radio buttons styled as large cards: a fieldset with a legend, usable with arrow keys. */
export function ChoiceGroup<T extends string>({ legend, name, value, options, error, onChange }: ChoiceGroupProps<T>) {
  return (
    <fieldset className={`choice-group${error ? ' field-invalid' : ''}`} aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="field-label">{legend}</legend>
      <div className="choice-options">
        {options.map((option) => (
          <label key={option.value} className={`choice${value === option.value ? ' choice-selected' : ''}`}>
            <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
            <span className="choice-emoji" aria-hidden="true">
              {option.emoji}
            </span>
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p className="field-error" id={`${name}-error`} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
