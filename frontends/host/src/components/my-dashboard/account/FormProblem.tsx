import { problemText } from '../../../lib/problems';
import { useT } from '../../../text';

/** A form's failure that belongs to none of its fields, announced as it appears. */
export function FormProblem({ problem }: { problem: unknown }) {
  const t = useT();
  if (!problem) return null;
  return (
    <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-900">
      {problemText(t, problem, t('common.checkConnection', 'Check your connection and try again.'))}
    </p>
  );
}
