import { DEFAULT_LANGUAGE, LANGUAGE_INFO, type HostEvent, type Language } from '@afterglow/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Button, Card, apiRequest, toast, translator } from '@afterglow/ui';
import { keys } from '../../lib/api';
import { problemText } from '../../lib/problems';
import { useT } from '../../text';
import { LanguageField } from '../LanguageField';

/** The event's language, as its host changes it after creating it (PATCH /api/events/{id}). */
export function LanguageCard({ event }: { event: HostEvent }) {
  const t = useT();
  const qc = useQueryClient();
  const [language, setLanguage] = useState<Language>(event.language ?? DEFAULT_LANGUAGE);

  const save = useMutation({
    mutationFn: () =>
      apiRequest<HostEvent>('PATCH', `/api/events/${encodeURIComponent(event.id)}`, { language }),
    onSuccess: (updated) => {
      qc.setQueryData(keys.event(event.id), (old: HostEvent | undefined) =>
        old ? { ...old, ...updated } : updated,
      );
      void qc.invalidateQueries({ queryKey: keys.event(event.id) });
      const t = translator();
      toast({
        title: t('language.updated', 'Language updated'),
        description: t('language.updatedText', '{language} is now the event’s language.', {
          language: LANGUAGE_INFO[updated.language]?.name ?? updated.language,
        }),
        variant: 'success',
      });
    },
    onError: (err) => {
      const t = translator();
      toast({
        title: t('common.updateFailed', 'Update failed'),
        description: problemText(t, err, t('language.failed', 'Failed to update the language')),
        variant: 'destructive',
      });
    },
  });

  return (
    <Card>
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!save.isPending) save.mutate();
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
