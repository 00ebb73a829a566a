import { TriangleExclamationPoint } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ProjectFileProblem } from '@elftia/desktop/shared/contracts/workspace.ts';

/** The problem's own words: `params.validation` is a ValidationCode with its message in common/errors. */
function problemParams(problem: ProjectFileProblem, t: (key: string) => string): Record<string, string | number> {
  const params = { ...problem.params };
  if (problem.code === 'invalid' && params.validation !== undefined) params.validation = t(`common/errors:validation.${String(params.validation)}`);
  return params;
}

/**
 * The project file cannot be used: which file, where in it (line, column, the entry and field), and
 * that the global servers keep running. Its servers do not run until it is fixed and saved.
 */
export function ProjectFileNotice({ problem }: { problem: ProjectFileProblem }) {
  const { t } = useTranslation();
  const where = [
    problem.line !== undefined && t('settings/tools:workspace.problem.line', { line: problem.line, column: problem.column ?? 1 }),
    problem.entry !== undefined && t('settings/tools:workspace.problem.entry', { entry: problem.entry }),
    problem.field !== undefined && t('settings/tools:workspace.problem.field', { field: problem.field }),
  ].filter((part): part is string => typeof part === 'string');
  return (
    <div className="failure-notice project-file-notice" data-testid="project-file-problem" data-code={problem.code}>
      <p className="failure-notice__headline" role="alert">
        <TriangleExclamationPoint className="failure-notice__icon" aria-hidden size={16} />
        <span>{t(`settings/tools:workspace.problem.codes.${problem.code}`, problemParams(problem, t))}</span>
      </p>
      <p className="project-file-notice__where">
        <span className="mono">{problem.file}</span>
        {where.length > 0 && <span>{where.join(t('settings/tools:workspace.problem.separator'))}</span>}
      </p>
      <p className="project-file-notice__note">{t('settings/tools:workspace.problem.globalsRun')}</p>
    </div>
  );
}
