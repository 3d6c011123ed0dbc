/**
 * The eight switches as native radio groups: one <fieldset> + <legend> per
 * switch, inputs named by switch id and valued by switch value (rules page /model/#rule-switches),
 * so arrow keys move within a group and Tab moves between groups. A second
 * set on the same page (Compare) passes a `prefix`, which keeps its radio
 * names apart from the main set's.
 */
// The settings only (not ./model.ts): the article's Try-it panel uses this panel and must not load the simulation.
import {
  MAIN,
  SWITCH_IDS,
  SWITCH_VALUES,
  type SwitchId,
  type Switches,
} from '../../model/switches.ts';
import { VOCABULARY } from '../../lib/vocabulary.ts';

interface Props {
  value: Switches;
  /** Called when a radio is chosen (absent: the Try-it panel, rendered on the server, whose script listens instead). */
  onChange?: (id: SwitchId, value: string) => void;
  /** Prefix for element ids and input names; '' keeps names equal to switch ids. */
  prefix?: string;
  compact?: boolean;
  label?: string;
  /** Every radio disabled (the Try-it panel until its script enables them, i.e. without JavaScript). */
  disabled?: boolean;
  /**
   * Render every state a switch can show (the Try-it panel, rendered once at build time and
   * updated in place by its script): each legend gets its "changed" badge (data-slot="changed"),
   * hidden while the switch is at its main value; the script toggles it and is-changed.
   */
  allStates?: boolean;
}

/**
 * Preact sets `value` as a property and skips it when the property already
 * equals it — and a radio's value property defaults to "on". The attribute
 * would then be missing for every value "on", and selectors such as
 * input[name=fencing][value=on] would not find it. Write the attribute.
 */
function keepValueAttribute(el: HTMLInputElement | null) {
  if (el && el.getAttribute('value') !== el.value) el.setAttribute('value', el.value);
}

export function SwitchPanel({
  value,
  onChange,
  prefix = '',
  compact = false,
  label = 'Switches',
  disabled = false,
  allStates = false,
}: Props) {
  return (
    <div
      class={compact ? 'ex-switches ex-switches--compact' : 'ex-switches'}
      role="group"
      aria-label={label}
    >
      {SWITCH_IDS.map((id) => {
        const info = VOCABULARY[id];
        const changed = value[id] !== MAIN[id];
        const meaningId = `${prefix || 'sw'}-${id}-meaning`;
        return (
          <fieldset
            class={changed ? 'ex-switch is-changed' : 'ex-switch'}
            key={id}
            aria-describedby={meaningId}
            data-switch={id}
          >
            <legend>
              {info.label}
              {allStates ? (
                <span class="ex-badge" data-slot="changed" hidden={!changed}>
                  changed
                </span>
              ) : (
                changed && <span class="ex-badge">changed</span>
              )}
            </legend>
            <p class={compact ? 'ex-meaning sr-only' : 'ex-meaning'} id={meaningId}>
              {info.meaning}
            </p>
            <div class="ex-options">
              {SWITCH_VALUES[id].map((v) => (
                <label class="ex-option" key={v}>
                  <input
                    type="radio"
                    name={prefix ? `${prefix}-${id}` : id}
                    value={v}
                    ref={keepValueAttribute}
                    checked={value[id] === v}
                    disabled={disabled}
                    onChange={onChange && (() => onChange(id, v))}
                  />
                  <span>{info.values[v]?.label ?? v}</span>
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
