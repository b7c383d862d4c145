import { CLIP_SECONDS_DEFAULT, CLIP_SECONDS_MAX, CLIP_SECONDS_MIN } from '@afterglow/contracts';
import { Link } from 'react-router';
import { cheapestClipPlan } from '../lib/clips';
import { planName } from '../lib/plans';
import { useT } from '../text';
import { inputClass } from './Field';
import { SwitchRow } from './Switch';

export interface ClipChoice {
  allowClips: boolean;
  clipSeconds: number;
}

export const CLIP_DEFAULTS: ClipChoice = { allowClips: false, clipSeconds: CLIP_SECONDS_DEFAULT };

/**
 * 'Guests can take clips' and, when on, how long a clip may be (ADR 033): the create form and the
 * dashboard's settings. `maxSeconds` is the host's plan's longest clip (0: the plan has none, and the
 * switch says where clips come from), or null while it is not known.
 */
export function ClipSettings({
  idPrefix = '',
  value,
  onChange,
  maxSeconds,
}: {
  idPrefix?: string;
  value: ClipChoice;
  onChange: (value: ClipChoice) => void;
  maxSeconds: number | null;
}) {
  const t = useT();
  const switchId = `${idPrefix}allowClips`;
  const lengthId = `${idPrefix}clipSeconds`;
  const noPlan = maxSeconds === 0;
  const cheapest = cheapestClipPlan();
  const longest = maxSeconds ? Math.min(CLIP_SECONDS_MAX, maxSeconds) : CLIP_SECONDS_MAX;
  const lengths = Array.from({ length: longest - CLIP_SECONDS_MIN + 1 }, (_, i) => i + CLIP_SECONDS_MIN);
  return (
    <div className="space-y-4">
      <div>
        <SwitchRow
          id={switchId}
          label={t('clips.allow', 'Guests can take clips')}
          description={t('clips.allowHint', 'Short videos on the same roll: each clip uses one shot.')}
          checked={value.allowClips}
          onCheckedChange={(allowClips) => onChange({ ...value, allowClips })}
          // a plan without clips: the switch can still be turned off, never on
          disabled={noPlan && !value.allowClips}
          describedBy={noPlan ? `${switchId}-plan` : undefined}
        />
        {noPlan && cheapest && (
          <p id={`${switchId}-plan`} className="mt-2 text-sm text-neutral-700">
            {t('clips.plan', 'Clips come with {plan} and above.', { plan: planName(cheapest) })}{' '}
            <Link to="/pricing" className="font-semibold text-[var(--ag-primary-ink)] underline">
              {t('common.upgrade', 'Upgrade')}
            </Link>
          </p>
        )}
      </div>
      {value.allowClips && (
        <div>
          <label htmlFor={lengthId} className="mb-1.5 block text-sm font-semibold text-neutral-800">
            {t('clips.length', 'Clip length')}
          </label>
          <select
            id={lengthId}
            value={value.clipSeconds}
            onChange={(e) => onChange({ ...value, clipSeconds: Number(e.target.value) })}
            aria-describedby={`${lengthId}-hint`}
            className={`${inputClass} w-40`}
          >
            {lengths.map((n) => (
              <option key={n} value={n}>
                {t('clips.seconds', '{count, plural, one {# second} other {# seconds}}', { count: n })}
              </option>
            ))}
          </select>
          <p id={`${lengthId}-hint`} className="mt-1.5 text-sm text-neutral-600">
            {t('clips.lengthHint', 'The longest a guest’s clip can be.')}
          </p>
        </div>
      )}
    </div>
  );
}
