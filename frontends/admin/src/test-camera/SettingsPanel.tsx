import { useId, type ReactNode } from 'react';
import { SHOT_OPTIONS } from '@afterglow/contracts';
import { Card } from '@afterglow/ui';
import { useT } from '../text';
import { PRESET_TEXT, SHOT_TEXT } from './presetText';
import { TEST_PRESETS, isShotOption, isTestPreset, normalizeCode, type TestSettings } from './settings';
import { Switch } from './Switch';

const INPUT =
  'h-11 w-full rounded-xl border border-neutral-300 bg-white px-3 text-base text-neutral-900 focus:border-[var(--ag-primary)] focus:outline-none focus-visible:ring-4 focus-visible:ring-[var(--ag-primary-soft)]';

function Field({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: string;
  children: (id: string, hintId?: string) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-neutral-900">
        {label}
      </label>
      {children(id, hintId)}
      {hint && (
        <p id={hintId} className="text-xs text-neutral-700">
          {hint}
        </p>
      )}
    </div>
  );
}

export type SettingsChange = Partial<Omit<TestSettings, 'caption'>>;

export function SettingsPanel({
  settings,
  onChange,
}: {
  settings: TestSettings;
  onChange: (c: SettingsChange) => void;
}) {
  const t = useT();
  return (
    <Card className="p-5">
      <section aria-labelledby="test-settings-title" className="grid gap-5">
        <h2 id="test-settings-title" className="text-lg font-semibold text-neutral-900">
          {t('settings.testTitle', 'Test Settings')}
        </h2>
        <Field label={t('settings.eventName', 'Event name')}>
          {(id) => (
            <input
              id={id}
              className={INPUT}
              value={settings.eventName}
              onChange={(e) => onChange({ eventName: e.target.value })}
            />
          )}
        </Field>
        <Field
          label={t('settings.eventCode', 'Event code')}
          hint={t('settings.eventCodeHint', '6 characters, shown on the film frame')}
        >
          {(id, hintId) => (
            <input
              id={id}
              aria-describedby={hintId}
              className={`${INPUT} font-mono uppercase tracking-widest`}
              value={settings.eventCode}
              maxLength={6}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => onChange({ eventCode: normalizeCode(e.target.value) })}
            />
          )}
        </Field>
        <Field
          label={t('settings.maxShots', 'Max shots')}
          hint={t('settings.maxShotsHint', 'Changing the roll size loads a fresh roll')}
        >
          {(id, hintId) => (
            <select
              id={id}
              aria-describedby={hintId}
              className={INPUT}
              value={settings.maxShots}
              onChange={(e) => {
                const n = Number(e.target.value);
                if (isShotOption(n)) onChange({ maxShots: n });
              }}
            >
              {SHOT_OPTIONS.map((n) => (
                <option key={n} value={n}>
                  {t(SHOT_TEXT[n])}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Switch
          label={t('settings.filmMode', 'Film mode')}
          description={t(
            'settings.filmModeHint',
            "Film preset look and a short 'Developing...' wait after each shot",
          )}
          checked={settings.filmMode}
          onChange={(filmMode) => onChange({ filmMode })}
        />
        {settings.filmMode && (
          <Field
            label={t('settings.filmPreset', 'Film preset')}
            hint={t(PRESET_TEXT[settings.filmPreset].description)}
          >
            {(id, hintId) => (
              <select
                id={id}
                aria-describedby={hintId}
                className={INPUT}
                value={settings.filmPreset}
                onChange={(e) => {
                  if (isTestPreset(e.target.value)) onChange({ filmPreset: e.target.value });
                }}
              >
                {TEST_PRESETS.map((p) => (
                  <option key={p} value={p}>
                    {t(PRESET_TEXT[p].name)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <Switch
          label={t('settings.filmOverlay', 'Film overlay')}
          description={t(
            'settings.filmOverlayHint',
            'Grain, frame, perforations and a date stamp over the live view',
          )}
          checked={settings.filmOverlay}
          onChange={(filmOverlay) => onChange({ filmOverlay })}
        />
      </section>
    </Card>
  );
}
