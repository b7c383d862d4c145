import {
  DEFAULT_LANGUAGE,
  createEventFormSchema,
  toCreateEventBody,
  type HostEvent,
  type Language,
} from '@afterglow/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError, Button, apiRequest, toast, translator } from '@afterglow/ui';
import { planRefusal } from '../../lib/plan-refusal';
import { problemText } from '../../lib/problems';
import { useT } from '../../text';
import { PlanRefusal } from '../PlanRefusal';
import { CLIP_DEFAULTS, type ClipChoice } from '../ClipSettings';
import { LanguageField } from '../LanguageField';
import { CameraSection } from './CameraSection';
import { DetailsSection } from './DetailsSection';
import { FilmSection } from './FilmSection';
import { FORM_DEFAULTS, SERVER_FIELD, type FormInput, type FormOutput } from './formTypes';
import { MoodSection } from './MoodSection';
import { RevealSection } from './RevealSection';

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The create form: react-hook-form with the shared zod schema, so client and server agree. */
export function EventForm({ onCreated }: { onCreated: (event: HostEvent) => void }) {
  const t = useT();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createEventFormSchema),
    defaultValues: FORM_DEFAULTS,
  });
  // the form's schema has no language and no clips (the API body has): they are kept beside the form
  const [language, setLanguage] = useState<Language>(DEFAULT_LANGUAGE);
  const [clips, setClips] = useState<ClipChoice>(CLIP_DEFAULTS);

  const create = useMutation({
    mutationFn: (values: FormOutput) =>
      apiRequest<HostEvent>('POST', '/api/events', {
        ...toCreateEventBody(values, browserTimeZone()),
        language,
        ...clips,
      }),
    onSuccess: (event) => {
      const t = translator();
      toast({
        title: t('create.created', 'Event Created!'),
        description: t(
          'create.createdText',
          'Your event has been created successfully. Share the code with your guests!',
        ),
        variant: 'success',
      });
      onCreated(event);
    },
    onError: (err) => {
      // a plan's refusal is shown above the button, with the way to upgrade
      if (planRefusal(err)) return;
      const t = translator();
      const failed = t('create.failed', 'Failed to create event');
      toast({
        title: t('common.error', 'Error'),
        description: err instanceof ApiError ? problemText(t, err, failed) : failed,
        variant: 'destructive',
      });
      if (err instanceof ApiError) {
        let first = true;
        for (const [path, message] of Object.entries(err.fieldErrors)) {
          const field = SERVER_FIELD[path];
          if (!field) continue;
          setError(field, { type: 'server', message }, { shouldFocus: first });
          first = false;
        }
      }
    },
  });

  const onSubmit = handleSubmit((values) => create.mutate(values));
  // the plan's events are used up (403 plan_event_limit), or it has no clips (plan_no_clips): the
  // server's words and the way to upgrade
  const planLimit = planRefusal(create.error) ? problemText(t, create.error, '') : null;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('create.form', 'Create event')} className="space-y-6">
      <DetailsSection register={register} errors={errors}>
        <LanguageField id="language" value={language} onChange={setLanguage} />
      </DetailsSection>
      <CameraSection control={control} clips={clips} onClipsChange={setClips} />
      <RevealSection control={control} register={register} errors={errors} />
      <FilmSection control={control} />
      <MoodSection control={control} />
      {planLimit && <PlanRefusal message={planLimit} />}
      <Button type="submit" size="lg" className="w-full" disabled={create.isPending}>
        {create.isPending ? (
          <>
            <LoaderCircle aria-hidden className="h-5 w-5 animate-spin" />
            {t('create.creating', 'Creating Event...')}
          </>
        ) : (
          t('create.submit', 'Create Event')
        )}
      </Button>
    </form>
  );
}
