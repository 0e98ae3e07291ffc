import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addDataItemRequest,
  addFormRequest,
  addForwardRequest,
  addItemGroupRequest,
  addJumpRequest,
  addRecordRequest,
  dataItemListQuery,
  dataItemQuery,
  deleteRecordRequest,
  deleteRecordsRequest,
  exportRecordsQuery,
  formListQuery,
  formQuery,
  importRecordsRequest,
  itemGroupQuery,
  nodeIdRequest,
  recordQuery,
  recordsQuery,
  submitFormRequest,
  updateDataItemRequest,
  updateFormRequest,
  updateForwardRequest,
  updateItemGroupRequest,
  updateJumpRequest,
  updateRecordRequest, dataItemLimits } from '@smartdata/domain';
import { fileResponse, mediaTypes, okResponse } from '@server/platform/openapi';
import { idAnswer, recordItemAnswer, recordPageAnswer } from '@server/platform/openapiResponses';
import { ok } from '@server/platform/envelope';
import { companyOf, sessionOf } from '@server/platform/auth/hook';
import { requestLocale } from '@server/platform/i18n';
import { cabinCaller } from '../cabin/cabin.service';
import type { DataItemsService } from './dataItems.service';
import type { DataItemConfigService } from './dataItemConfig.service';
import type { RecordsService } from './records.service';
import type { RecordTransferService } from './recordTransfer.service';

const tags = ['dataItem'];

/** The services the data-items routes call. */
export interface DataItemsRouteServices {
  dataItems: DataItemsService;
  records: RecordsService;
  settings: DataItemConfigService;
  transfer: RecordTransferService;
}

/** Data items, records, forms, jumps, forwards and item groups (spec §2 /smartdata, §3, §5; docs/cabin.md). */
export function registerDataItemsRoutes(app: FastifyInstance, { dataItems, records, settings, transfer }: DataItemsRouteServices): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'sd_capsule' } as const;
  const caller = (request: FastifyRequest) => cabinCaller(sessionOf(request), companyOf(request));

  // ---- data items ----
  r.post('/general/dataItem/addDataItem', { config, schema: { tags, summary: 'Create a data item in a directory', body: addDataItemRequest } }, async (request) =>
    ok(await dataItems.addDataItem(caller(request), request.body)),
  );
  r.post('/general/dataItem/updateDataItem', { config, schema: { tags, summary: "Change a data item's name, fields, expiry or master item", body: updateDataItemRequest } }, async (request) => {
    await dataItems.updateDataItem(caller(request), request.body);
    return ok(null);
  });
  r.post('/general/dataItem/deleteDataItem', { config, schema: { tags, summary: 'Delete a data item with its records (admin)', body: nodeIdRequest } }, async (request) => {
    await dataItems.deleteDataItem(caller(request), request.body.id);
    return ok(null);
  });
  r.get('/general/dataItem/getDataItem', { config, schema: { tags, summary: 'A data item with its fields, forms, jumps and forwards', querystring: dataItemQuery } }, async (request) => {
    const who = caller(request);
    const id = request.query.id;
    await dataItems.requireItem(who, id, 'read');
    const [forms, jumps, forwards] = await Promise.all([settings.forms(who, id), settings.jumps(who, id), settings.forwards(who, id)]);
    return ok(await dataItems.getDataItem(who, id, { forms, jumps, forwards }));
  });
  r.get('/general/dataItem/getDataItemList', { config: { permission: ['sd_capsule', 'sd_item_group'] }, schema: { tags, summary: 'Data items the caller can read', querystring: dataItemListQuery } }, async (request) =>
    ok(await dataItems.listDataItems(caller(request), request.query)),
  );

  // ---- records ----
  r.post('/general/dataItem/addRecord', { config, schema: { tags, summary: 'Add a record (values checked against their fields)', body: addRecordRequest, response: okResponse(idAnswer) } }, async (request) =>
    ok(await records.addRecord(caller(request), request.body.itemId, request.body.values, request.body.parentRecordId)),
  );
  r.post('/general/dataItem/updateRecord', { config, schema: { tags, summary: "Change some of a record's values (inline edit)", body: updateRecordRequest } }, async (request) => {
    await records.updateRecord(caller(request), request.body.id, request.body.values, request.body.itemId);
    return ok(null);
  });
  r.post('/general/dataItem/deleteRecord', { config, schema: { tags, summary: 'Delete a record (and its child records)', body: deleteRecordRequest } }, async (request) => {
    await records.deleteRecord(caller(request), request.body.id, request.body.itemId);
    return ok(null);
  });
  r.post('/general/dataItem/deleteRecords', { config, schema: { tags, summary: 'Batch delete of records of one item', body: deleteRecordsRequest } }, async (request) =>
    ok(await records.deleteRecords(caller(request), request.body.itemId, request.body.ids)),
  );
  r.get(
    '/general/dataItem/getRecords',
    { config, schema: { tags, summary: 'Records of an item, filtered, sorted and paged (filters, sort, timeRange: JSON strings or bracketed keys)', querystring: recordsQuery, response: okResponse(recordPageAnswer) } },
    async (request) => ok(await records.getRecords(caller(request), request.query)),
  );
  r.get('/general/dataItem/getRecord', { config, schema: { tags, summary: 'One record', querystring: recordQuery, response: okResponse(recordItemAnswer) } }, async (request) =>
    ok(await records.getRecord(caller(request), request.query.id)),
  );
  r.get(
    '/general/dataItem/exportRecords',
    { config: { ...config, audit: true }, schema: { tags, summary: `Download the filtered records as CSV or XLSX (at most ${dataItemLimits.exportRowsMax.toLocaleString('en-US')})`, querystring: exportRecordsQuery, response: fileResponse([mediaTypes.csv, mediaTypes.xlsx], 'The records (CSV or XLSX, as asked)') } },
    async (request, reply) => {
      const file = await transfer.export(caller(request), request.query, requestLocale(request));
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
  r.post(
    '/general/dataItem/importRecords',
    // The file comes base64-encoded in the JSON body: room beyond the 1 MB default (issue 12).
    { config, bodyLimit: 10 * 1024 * 1024, schema: { tags, summary: 'Import a CSV or XLSX file (base64): every row or none, with a per-row report', body: importRecordsRequest } },
    async (request) => ok(await transfer.import(caller(request), request.body, requestLocale(request))),
  );

  // ---- forms ----
  r.get('/general/dataItem/getForms', { config, schema: { tags, summary: "A data item's forms", querystring: formListQuery } }, async (request) =>
    ok(await settings.forms(caller(request), request.query.itemId)),
  );
  r.get('/general/dataItem/getForm', { config, schema: { tags, summary: 'A form with its item fields (form page)', querystring: formQuery } }, async (request) =>
    ok(await settings.form(caller(request), request.query.id)),
  );
  r.post('/general/dataItem/addForm', { config, schema: { tags, summary: 'Save a designed form', body: addFormRequest } }, async (request) =>
    ok(await settings.addForm(caller(request), request.body.itemId, request.body.name, request.body.design)),
  );
  r.post('/general/dataItem/updateForm', { config, schema: { tags, summary: 'Change a form', body: updateFormRequest } }, async (request) => {
    await settings.updateForm(caller(request), request.body.id, request.body);
    return ok(null);
  });
  r.post('/general/dataItem/deleteForm', { config, schema: { tags, summary: 'Delete a form', body: formQuery } }, async (request) => {
    await settings.deleteForm(caller(request), request.body.id);
    return ok(null);
  });
  r.post('/general/dataItem/submitForm', { config, schema: { tags, summary: 'Submit a filled form: checked as designed, written as a record', body: submitFormRequest } }, async (request) =>
    ok(await settings.submitForm(caller(request), request.body.formId, request.body.values, request.body.parentRecordId)),
  );

  // ---- jump associations ----
  r.get('/general/dataItem/getJumps', { config, schema: { tags, summary: "A data item's jump associations", querystring: formListQuery } }, async (request) => {
    await dataItems.requireItem(caller(request), request.query.itemId, 'read');
    return ok(await settings.jumps(caller(request), request.query.itemId));
  });
  r.post('/general/dataItem/addJump', { config, schema: { tags, summary: 'Add a jump association (never to the item itself)', body: addJumpRequest } }, async (request) =>
    ok(await settings.addJump(caller(request), request.body)),
  );
  r.post('/general/dataItem/updateJump', { config, schema: { tags, summary: 'Change a jump association', body: updateJumpRequest } }, async (request) => {
    await settings.updateJump(caller(request), request.body);
    return ok(null);
  });
  r.post('/general/dataItem/deleteJump', { config, schema: { tags, summary: 'Delete a jump association', body: formQuery } }, async (request) => {
    await settings.deleteJump(caller(request), request.body.id);
    return ok(null);
  });

  // ---- forward conditions ----
  r.get('/general/dataItem/getForwards', { config, schema: { tags, summary: "A data item's forward conditions", querystring: formListQuery } }, async (request) => {
    await dataItems.requireItem(caller(request), request.query.itemId, 'read');
    return ok(await settings.forwards(caller(request), request.query.itemId));
  });
  r.post('/general/dataItem/addForward', { config, schema: { tags, summary: 'Add a forward condition', body: addForwardRequest } }, async (request) =>
    ok(await settings.addForward(caller(request), request.body)),
  );
  r.post('/general/dataItem/updateForward', { config, schema: { tags, summary: 'Change a forward condition', body: updateForwardRequest } }, async (request) => {
    await settings.updateForward(caller(request), request.body);
    return ok(null);
  });
  r.post('/general/dataItem/deleteForward', { config, schema: { tags, summary: 'Delete a forward condition', body: formQuery } }, async (request) => {
    await settings.deleteForward(caller(request), request.body.id);
    return ok(null);
  });

  // ---- item groups ----
  const groups = { permission: 'sd_item_group' } as const;
  r.get('/general/itemGroup/getItemGroupList', { config: groups, schema: { tags: ['itemGroup'], summary: 'Item groups with the items the caller can read' } }, async (request) =>
    ok(await settings.itemGroups(caller(request))),
  );
  r.get('/general/itemGroup/getItemGroup', { config: groups, schema: { tags: ['itemGroup'], summary: 'One item group', querystring: itemGroupQuery } }, async (request) =>
    ok((await settings.itemGroups(caller(request), request.query.id))[0]),
  );
  r.post('/general/itemGroup/addItemGroup', { config: groups, schema: { tags: ['itemGroup'], summary: 'Create an item group', body: addItemGroupRequest } }, async (request) =>
    ok(await settings.addItemGroup(caller(request), request.body.name, request.body.itemIds)),
  );
  r.post('/general/itemGroup/updateItemGroup', { config: groups, schema: { tags: ['itemGroup'], summary: 'Rename an item group or change its items', body: updateItemGroupRequest } }, async (request) => {
    await settings.updateItemGroup(caller(request), request.body.id, request.body);
    return ok(null);
  });
  r.post('/general/itemGroup/deleteItemGroup', { config: groups, schema: { tags: ['itemGroup'], summary: 'Delete an item group', body: itemGroupQuery } }, async (request) => {
    await settings.deleteItemGroup(caller(request), request.body.id);
    return ok(null);
  });
}
