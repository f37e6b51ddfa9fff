import { Button, Collapse, Group, Modal, SimpleGrid, Stack, TextInput, UnstyledButton } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { isApiError } from '../../api/errors';
import {
  createReferralLink,
  type ReferralLink,
  type ReferralLinkInput,
  UTM_FIELDS,
  type Utm,
  type UtmField,
  updateReferralLink,
} from '../../api/partner-links';
import { ServerError } from '../../components/Alerts';
import { useT } from '../../i18n/use-t';

const NAME_MAX = 100;
const UTM_VALUE = /^[A-Za-z0-9_.-]{0,100}$/;

interface ReferralLinkModalProps {
  opened: boolean;
  /** The link edited; null for a new one. */
  link: ReferralLink | null;
  onClose: () => void;
  onSaved: (link: ReferralLink) => void;
}

type Errors = Partial<Record<'name' | UtmField, string>>;

const blankUtm = (): Record<UtmField, string> =>
  Object.fromEntries(UTM_FIELDS.map((field) => [field, ''])) as Record<UtmField, string>;

/** A referral link's name and its optional UTM tags (folded away until asked for). */
export function ReferralLinkModal({ opened, link, onClose, onSaved }: ReferralLinkModalProps) {
  const { t } = useT();
  const [name, setName] = useState('');
  const [utm, setUtm] = useState(blankUtm);
  const [showUtm, setShowUtm] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setName(link?.name ?? '');
    const values = blankUtm();
    for (const field of UTM_FIELDS) values[field] = link?.utm[field] ?? '';
    setUtm(values);
    setShowUtm(UTM_FIELDS.some((field) => values[field]));
    setErrors({});
    setFailure(null);
  }, [opened, link]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (!name.trim()) next.name = t('partner.links.name_required');
    else if (name.trim().length > NAME_MAX) next.name = t('partner.links.name_long', { max: NAME_MAX });
    for (const field of UTM_FIELDS)
      if (!UTM_VALUE.test(utm[field].trim())) next[field] = t('partner.links.utm_invalid');
    setErrors(next);
    if (Object.keys(next).length > 0) {
      if (UTM_FIELDS.some((field) => next[field])) setShowUtm(true);
      return;
    }
    const tags: Utm = {};
    for (const field of UTM_FIELDS) if (utm[field].trim()) tags[field] = utm[field].trim();
    const input: ReferralLinkInput = { name: name.trim(), utm: tags };
    setBusy(true);
    setFailure(null);
    try {
      onSaved(link ? await updateReferralLink(link.id, input) : await createReferralLink(input));
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fields).length > 0) {
        const fields: Errors = {};
        for (const [path, text] of Object.entries(error.fields)) {
          const key = path.replace(/^utm\./, '');
          if (key === 'name' || (UTM_FIELDS as readonly string[]).includes(key))
            fields[key as keyof Errors] = text;
        }
        setErrors(fields);
        if (Object.keys(fields).length === 0) setFailure(error);
      } else setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const title = t(link ? 'partner.links.edit_title' : 'partner.links.create_title');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <ServerError error={failure} />
          <TextInput
            label={t('partner.links.name')}
            description={t('partner.links.name_hint')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
            data-autofocus
            autoComplete="off"
          />
          <div>
            <UnstyledButton
              onClick={() => setShowUtm((shown) => !shown)}
              aria-expanded={showUtm}
              fz="sm"
              c="blue"
              data-testid="partner-link-utm-toggle"
            >
              {t(showUtm ? 'partner.links.utm_hide' : 'partner.links.utm_show')}
            </UnstyledButton>
            <Collapse expanded={showUtm}>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="sm">
                {UTM_FIELDS.map((field) => (
                  <TextInput
                    key={field}
                    label={`utm_${field}`}
                    value={utm[field]}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      setUtm((current) => ({ ...current, [field]: value }));
                    }}
                    error={errors[field]}
                    autoComplete="off"
                  />
                ))}
              </SimpleGrid>
            </Collapse>
          </div>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy} data-testid="partner-link-save">
              {t(link ? 'partner.links.save' : 'partner.links.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
