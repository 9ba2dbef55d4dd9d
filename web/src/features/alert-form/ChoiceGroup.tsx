import './ChoiceGroup.css';

/**
 * A few exclusive choices side by side (a segmented control), built on native radios so arrow keys
 * move the choice and a screen reader announces the group by its legend. Each radio covers its
 * whole segment, invisible, so the tap target is the segment and not a small dot.
 */
export function ChoiceGroup<T extends string | number>(props: {
  legend: string;
  name: string;
  choices: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
}) {
  const { legend, name, choices, labels, value, onChange } = props;
  return (
    <fieldset className="choice-group">
      <legend>{legend}</legend>
      <div className="choice-options">
        {choices.map((choice) => (
          <label key={choice} className="choice-option">
            <input
              type="radio"
              name={name}
              value={choice}
              checked={value === choice}
              onChange={() => onChange(choice)}
            />
            <span>{labels[choice]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
