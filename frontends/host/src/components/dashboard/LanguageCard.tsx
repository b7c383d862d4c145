import { DEFAULT_LANGUAGE, LANGUAGE_INFO, type HostEvent, type Language } from '@afterglow/contracts';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Button, Card } from '@afterglow/ui';
import { useEventUpdate } from '../../hooks/useEventUpdate';
import { useT } from '../../text';
import { LanguageField } from '../LanguageField';

/** The event's language, as its host changes it after creating it (PATCH /api/events/{id}). */
export function LanguageCard({ event }: { event: HostEvent }) {
  const t = useT();
  const [language, setLanguage] = useState<Language>(event.language ?? DEFAULT_LANGUAGE);

  const save = useEventUpdate(event.id, {
    saved: (t, updated) => ({
      title: t('language.updated', 'Language updated'),
      description: t('language.updatedText', '{language} is now the event’s language.', {
        language: LANGUAGE_INFO[updated.language]?.name ?? updated.language,
      }),
    }),
    failed: (t) => t('language.failed', 'Failed to update the language'),
  });

  return (
    <Card>
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!save.isPending) save.mutate({ language });
        }}
      >
        <LanguageField id="event-language" value={language} onChange={setLanguage} />
        <Button type="submit" disabled={language === event.language || save.isPending}>
          {save.isPending && <LoaderCircle aria-hidden className="h-4 w-4 animate-spin" />}
          {save.isPending ? t('common.saving', 'Saving...') : t('language.save', 'Save Language')}
        </Button>
      </form>
    </Card>
  );
}
