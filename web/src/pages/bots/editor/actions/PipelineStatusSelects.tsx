import { useCrmPipelines } from '../../../../api/crm';
import { useT } from '../../../../i18n/use-t';
import { CrmSelect } from './CrmSelect';

interface PipelineStatusSelectsProps {
  integrationId: string | null;
  pipelineId: string | null;
  statusId: string | null;
  /** A new pipeline comes with no status; a status keeps the pipeline. */
  onChange: (changes: { pipelineId?: string | null; statusId: string | null }) => void;
  pipelineError?: string;
  statusError?: string;
}

/**
 * A CRM's pipeline, then one of its statuses, chosen from the CRM's real lists (SPEC §3 pipelines
 * with _embedded.statuses): the Change deal status action and the deal a paid link moves.
 */
export function PipelineStatusSelects({
  integrationId,
  pipelineId,
  statusId,
  onChange,
  pipelineError,
  statusError,
}: PipelineStatusSelectsProps) {
  const { t } = useT();
  const pipelines = useCrmPipelines(integrationId);
  const chosen = pipelines.items.find((pipeline) => pipeline.id === pipelineId);
  const statuses = chosen?._embedded.statuses ?? [];
  const list = integrationId ? pipelines : null;
  return (
    <>
      <CrmSelect
        label={t('bot.action.pipeline')}
        list={
          list && {
            ...list,
            items: pipelines.items.map((pipeline) => ({ value: pipeline.id, label: pipeline.name })),
          }
        }
        value={pipelineId}
        onChange={(id) => onChange({ pipelineId: id, statusId: null })}
        error={pipelineError}
        missingText={t('select.option_not_found')}
      />
      <CrmSelect
        label={t('bot.action.status')}
        list={
          list && chosen
            ? { ...list, items: statuses.map((status) => ({ value: status.id, label: status.name })) }
            : null
        }
        idleText={list ? t('crm.choose_pipeline') : undefined}
        value={statusId}
        onChange={(id) => onChange({ statusId: id })}
        error={statusError}
        missingText={t('select.option_not_found')}
      />
    </>
  );
}
