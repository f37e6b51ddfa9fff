import {
  type AmoContact,
  type AmoField,
  type AmoFieldEntity,
  type AmoLead,
  type AmoNote,
  FIELD_TYPES,
  LOST,
  NOTE_TYPES,
  WON,
} from './amocrm-data';
import { ADMIN, type AmoState, type Entity } from './amocrm-state';
import {
  blank,
  type FieldError,
  isInt,
  isRecord,
  listed,
  listParam,
  mergeFieldValues,
  noContent,
  notAChoice,
  ok,
  problem,
  type Reply,
  type Route,
  validationFailed,
  withOf,
  wrongType,
} from './amocrm-wire';

/**
 * The fake amoCRM's leads, contacts and companies (reference/crm.md §1.5–1.7): their custom fields
 * (list, by id, create), search and lists, get by id (204 when missing, as the docs say), leads made,
 * updates
 * (batch array or one object; all or nothing, `validation-errors` per refused item) and notes.
 */

type Kind = AmoFieldEntity;
type Json = Record<string, unknown>;
type Failed = { request_id: string; errors: FieldError[] };

const KINDS = '(leads|contacts|companies)';
const CHOICE_TYPES = ['select', 'multiselect', 'radiobutton'];
const TEXT_NOTES = ['common', 'service_message', 'extended_service_message'];
const notAnArray = () => validationFailed([{ request_id: '0', errors: [wrongType('', 'array')] }]);

/** The failures of a batch, one entry per refused item. */
const failures = (items: unknown[], check: (item: unknown) => FieldError[]): Failed[] =>
  items
    .map((item, index) => ({ request_id: String(index), errors: check(item) }))
    .filter((item) => item.errors.length > 0);

export function recordRoutes(state: AmoState): Route[] {
  const { links, stores, customFields } = state;

  const renderField = (field: AmoField) => ({
    ...field,
    _links: links(`/api/v4/${field.entity_type}/custom_fields/${field.id}`),
  });

  function render(kind: Kind, entity: Entity, wanted: Set<string>): Json {
    const out: Json = { ...entity, _links: links(`/api/v4/${kind}/${entity.id}`) };
    if (kind === 'leads') {
      const { contacts, ...embedded } = (entity as AmoLead)._embedded;
      const linked = contacts.map((one) => ({ ...one, _links: links(`/api/v4/contacts/${one.id}`) }));
      out._embedded = wanted.has('contacts') ? { ...embedded, contacts: linked } : embedded;
    }
    if (kind === 'contacts' && wanted.has('leads')) {
      const linked = [...state.leads.values()].filter((lead) =>
        lead._embedded.contacts.some((one) => one.id === entity.id),
      );
      out._embedded = { ...(entity as AmoContact)._embedded, leads: linked.map((lead) => ({ id: lead.id })) };
    }
    return out;
  }

  function checkField(fields: AmoField[], item: unknown): FieldError[] {
    if (!isRecord(item)) return [wrongType('', 'object')];
    const errors: FieldError[] = [];
    if (typeof item.name !== 'string' || item.name.trim() === '') errors.push(blank('name'));
    if (typeof item.type !== 'string' || !FIELD_TYPES.has(item.type)) errors.push(notAChoice('type'));
    if (item.code !== undefined && (typeof item.code !== 'string' || !/^[A-Za-z0-9_]+$/.test(item.code))) {
      errors.push(wrongType('code', 'string'));
    } else if (item.code !== undefined && fields.some((one) => one.code === item.code)) {
      // UNVERIFIED: amo's answer to a second field with the same code.
      errors.push({ code: 'NotUnique', path: 'code', detail: 'This value is already used.' });
    }
    if (CHOICE_TYPES.includes(String(item.type)) && (!Array.isArray(item.enums) || item.enums.length === 0)) {
      errors.push(blank('enums'));
    }
    return errors;
  }

  /** `POST /api/v4/{entity}/custom_fields` (an array): 201 with the created fields. */
  function createFields(kind: Kind, body: unknown): Reply {
    const items: unknown[] = Array.isArray(body) ? body : [body];
    const fields = customFields[kind];
    const failed = failures(items, (item) => checkField(fields, item));
    if (failed.length > 0 || items.length === 0) return validationFailed(failed);
    const created = (items as Json[]).map((item) => {
      const enums = Array.isArray(item.enums)
        ? item.enums.map((one: Json, index) => ({
            id: state.ids.enum++,
            value: String(one.value),
            sort: isInt(one.sort) ? one.sort : (index + 1) * 10,
          }))
        : null;
      const field: AmoField = {
        id: state.ids.field++,
        name: item.name as string,
        code: typeof item.code === 'string' ? item.code : null,
        sort: isInt(item.sort) ? item.sort : 500 + fields.length,
        type: item.type as string,
        entity_type: kind,
        is_api_only: item.is_api_only === true,
        enums,
        required_statuses: [],
      };
      fields.push(field);
      return renderField(field);
    });
    return ok({ _total_items: created.length, _embedded: { custom_fields: created } }, 201);
  }

  /** `GET /api/v4/{entity}`: `query` (name, id, field values), `filter[id]`, `filter[pipeline_id]`. */
  function search(kind: Kind, params: URLSearchParams): Reply {
    let all = [...stores[kind].values()];
    const query = params.get('query')?.trim().toLowerCase();
    if (query) {
      all = all.filter(
        (one) =>
          String(one.id) === query ||
          one.name.toLowerCase().includes(query) ||
          (one.custom_fields_values ?? []).some((field) =>
            field.values.some((value) => String(value.value).toLowerCase().includes(query)),
          ),
      );
    }
    const only = listParam(params, 'filter[id]').map(Number);
    if (only.length > 0) all = all.filter((one) => only.includes(one.id));
    const pipelines = listParam(params, 'filter[pipeline_id]').map(Number);
    if (kind === 'leads' && pipelines.length > 0) {
      all = all.filter((one) => pipelines.includes((one as AmoLead).pipeline_id));
    }
    const wanted = withOf(params);
    return listed(state.base, kind, `/api/v4/${kind}`, all, params, 250, (one) => render(kind, one, wanted));
  }

  /** The lead's new place: status_id must be a status of pipeline_id (or of its current pipeline). */
  function checkMove(lead: AmoLead, raw: Json, errors: FieldError[]) {
    if (!('status_id' in raw) && !('pipeline_id' in raw)) return null;
    const pipeline = state.pipelineOf('pipeline_id' in raw ? raw.pipeline_id : lead.pipeline_id);
    if (!pipeline) {
      errors.push(isInt(raw.pipeline_id) ? notAChoice('pipeline_id') : wrongType('pipeline_id', 'int'));
      return null;
    }
    if (!('status_id' in raw)) {
      // UNVERIFIED: where a lead lands when only its pipeline changes.
      const first = state.firstStatus(pipeline);
      return first ? { pipeline_id: pipeline.id, status_id: first.id } : null;
    }
    if (!isInt(raw.status_id)) errors.push(wrongType('status_id', 'int'));
    else if (!pipeline._embedded.statuses.some((one) => one.id === raw.status_id)) {
      errors.push(notAChoice('status_id'));
    } else return { pipeline_id: pipeline.id, status_id: raw.status_id };
    return null;
  }

  /** Checks one update; `apply` makes it (called only when no item of the request failed). */
  function checkPatch(
    kind: Kind,
    raw: unknown,
    pathId?: number,
  ): { errors: FieldError[]; apply?: () => Entity } {
    if (!isRecord(raw)) return { errors: [wrongType('', 'object')] };
    const id = pathId ?? raw.id;
    const entity = isInt(id) ? stores[kind].get(id) : undefined;
    if (!entity) return { errors: [isInt(id) ? notAChoice('id') : wrongType('id', 'int')] };
    const errors: FieldError[] = [];
    for (const key of ['name', 'first_name', 'last_name']) {
      if (key in raw && typeof raw[key] !== 'string') errors.push(wrongType(key, 'string'));
    }
    if ('responsible_user_id' in raw && !state.users.some((user) => user.id === raw.responsible_user_id)) {
      errors.push(notAChoice('responsible_user_id'));
    }
    const fields =
      'custom_fields_values' in raw
        ? mergeFieldValues(customFields[kind], entity.custom_fields_values, raw.custom_fields_values)
        : null;
    if (fields) errors.push(...fields.errors);
    let move: { pipeline_id: number; status_id: number } | null = null;
    if (kind === 'leads') {
      if ('price' in raw && !(isInt(raw.price) && raw.price >= 0)) errors.push(wrongType('price', 'int'));
      if ('closed_at' in raw && raw.closed_at !== null && !isInt(raw.closed_at)) {
        errors.push(wrongType('closed_at', 'int'));
      }
      move = checkMove(entity as AmoLead, raw, errors);
    }
    const apply = () => {
      const { id: _id, request_id: _request, ...change } = raw;
      for (const key of ['name', 'first_name', 'last_name', 'responsible_user_id', 'price']) {
        if (key in raw) Object.assign(entity, { [key]: raw[key] });
      }
      if (fields) entity.custom_fields_values = fields.merged;
      entity.updated_at = state.seconds();
      entity.updated_by = isInt(raw.updated_by) ? raw.updated_by : ADMIN;
      if (kind === 'leads') {
        const lead = entity as AmoLead;
        if (move) {
          const closing = move.status_id === WON || move.status_id === LOST;
          lead.closed_at = closing ? (isInt(raw.closed_at) ? raw.closed_at : state.seconds()) : null;
          Object.assign(lead, move);
        }
        state.leadHistory.push({ leadId: lead.id, change });
      }
      return entity;
    };
    return { errors, apply };
  }

  /** `PATCH /api/v4/{entity}` (array with ids) or `/{id}` (one object). */
  function patch(kind: Kind, body: unknown, pathId?: number): Reply {
    const items = pathId === undefined ? body : [body];
    if (!Array.isArray(items) || items.length === 0 || items.length > 250) return notAnArray();
    const checks = items.map((item: unknown) => checkPatch(kind, item, pathId));
    const failed = checks
      .map((check, index) => ({ request_id: String(index), errors: check.errors }))
      .filter((item) => item.errors.length > 0);
    if (failed.length > 0) return validationFailed(failed);
    const changed = checks.map((check) => {
      const entity = (check.apply as () => Entity)();
      return { id: entity.id, updated_at: entity.updated_at, _links: links(`/api/v4/${kind}/${entity.id}`) };
    });
    if (pathId !== undefined) return ok(changed[0]);
    return ok({ _links: links(`/api/v4/${kind}`), _embedded: { [kind]: changed } });
  }

  /**
   * `POST /api/v4/leads` (an array, reference §1.5): each lead with its name, price and place (a
   * status of its pipeline); answers `_embedded.leads[{id, request_id}]`.
   */
  function createLeads(body: unknown): Reply {
    if (!Array.isArray(body) || body.length === 0 || body.length > 250) return notAnArray();
    const failed = failures(body, (item) => {
      if (!isRecord(item)) return [wrongType('', 'object')];
      const errors: FieldError[] = [];
      if ('name' in item && typeof item.name !== 'string') errors.push(wrongType('name', 'string'));
      if ('price' in item && !(isInt(item.price) && item.price >= 0)) errors.push(wrongType('price', 'int'));
      if ('pipeline_id' in item && !state.pipelineOf(item.pipeline_id))
        errors.push(notAChoice('pipeline_id'));
      const pipeline = state.pipelineOf('pipeline_id' in item ? item.pipeline_id : state.pipelines[0]?.id);
      if ('status_id' in item && !pipeline?._embedded.statuses.some((one) => one.id === item.status_id)) {
        errors.push(notAChoice('status_id'));
      }
      return errors;
    });
    if (failed.length > 0) return validationFailed(failed);
    const created = (body as Json[]).map((item, index) => {
      const lead = state.addLead({
        name: typeof item.name === 'string' ? item.name : undefined,
        price: isInt(item.price) ? item.price : undefined,
        pipeline_id: isInt(item.pipeline_id) ? item.pipeline_id : undefined,
        status_id: isInt(item.status_id) ? item.status_id : undefined,
      });
      return {
        id: lead.id,
        request_id: typeof item.request_id === 'string' ? item.request_id : String(index),
        _links: links(`/api/v4/leads/${lead.id}`),
      };
    });
    return ok({ _links: links('/api/v4/leads'), _embedded: { leads: created } });
  }

  function checkNote(kind: Kind, entityId: number, item: unknown): FieldError[] {
    const errors: FieldError[] = [];
    if (!stores[kind].has(entityId)) errors.push(notAChoice('entity_id'));
    if (!isRecord(item) || typeof item.note_type !== 'string' || !NOTE_TYPES.has(item.note_type)) {
      errors.push(notAChoice('note_type'));
    } else if (!isRecord(item.params)) errors.push(blank('params'));
    else if (TEXT_NOTES.includes(item.note_type)) {
      if (typeof item.params.text !== 'string' || item.params.text.trim() === '')
        errors.push(blank('params.text'));
    }
    return errors;
  }

  /** `POST /api/v4/{entity}/{id}/notes` (an array): 200 with `_embedded.notes[{id, entity_id, request_id}]`. */
  function addNotes(kind: Kind, entityId: number, body: unknown): Reply {
    if (!Array.isArray(body) || body.length === 0) return notAnArray();
    const failed = failures(body, (item) => checkNote(kind, entityId, item));
    if (failed.length > 0) return validationFailed(failed);
    const created = (body as Json[]).map((item, index) => {
      const note: AmoNote = {
        id: state.ids.note++,
        entity_id: entityId,
        entity_type: kind,
        note_type: item.note_type as string,
        params: item.params as Json,
        ...state.stamp(),
      };
      state.notes.push(note);
      return {
        id: note.id,
        entity_id: entityId,
        request_id: typeof item.request_id === 'string' ? item.request_id : String(index),
        _links: links(`/api/v4/${kind}/${entityId}/notes/${note.id}`),
      };
    });
    return ok({ _links: links(`/api/v4/${kind}/notes`), _embedded: { notes: created } });
  }

  const kindOf = (kind: string | undefined) => kind as Kind;
  const path = (tail: string) => new RegExp(`^/api/v4/${KINDS}${tail}$`);
  return [
    [
      'GET',
      path('/custom_fields'),
      ([, kind], { params }) => {
        const fields = [...customFields[kindOf(kind)]].sort((a, b) => a.sort - b.sort);
        return listed(
          state.base,
          'custom_fields',
          `/api/v4/${kind}/custom_fields`,
          fields,
          params,
          50,
          renderField,
        );
      },
    ],
    ['POST', path('/custom_fields'), ([, kind], { body }) => createFields(kindOf(kind), body)],
    [
      'GET',
      path('/custom_fields/(\\d+)'),
      ([, kind, id]) => {
        const field = customFields[kindOf(kind)].find((one) => one.id === Number(id));
        return field ? ok(renderField(field)) : problem(404, 'Поле не найдено');
      },
    ],
    ['GET', path(''), ([, kind], { params }) => search(kindOf(kind), params)],
    ['PATCH', path(''), ([, kind], { body }) => patch(kindOf(kind), body)],
    ['POST', /^\/api\/v4\/leads$/, (_match, { body }) => createLeads(body)],
    [
      'GET',
      path('/(\\d+)'),
      ([, kind, id], { params }) => {
        const entity = stores[kindOf(kind)].get(Number(id));
        return entity ? ok(render(kindOf(kind), entity, withOf(params))) : noContent;
      },
    ],
    [
      'PATCH',
      path('/(\\d+)'),
      ([, kind, id], { body }) =>
        stores[kindOf(kind)].has(Number(id))
          ? patch(kindOf(kind), body, Number(id))
          : problem(404, 'Сущность не найдена'),
    ],
    [
      'GET',
      path('/(\\d+)/notes'),
      ([, kind, id], { params }) => {
        const found = state.notes.filter(
          (note) => note.entity_type === kind && note.entity_id === Number(id),
        );
        return listed(state.base, 'notes', `/api/v4/${kind}/${id}/notes`, found, params, 250, (note) => note);
      },
    ],
    ['POST', path('/(\\d+)/notes'), ([, kind, id], { body }) => addNotes(kindOf(kind), Number(id), body)],
  ];
}
