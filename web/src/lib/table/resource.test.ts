import { describe, expect, it } from 'vitest';
import { defineResource, removeCall, resourcePaths, updateCall } from './resource';

describe('resource routes', () => {
  it('keeps the standard routes, with the id as a query parameter', () => {
    const paths = resourcePaths(
      defineResource({
        name: 'feeType',
        label: 'FeeType',
        plural: 'FeeTypes',
        module: 'feeTypes',
        sortFields: [],
      }),
    );
    expect(paths.list).toBe('/feeType/getFeeTypes');
    expect(paths.export).toBe('/feeType/exportFeeTypes');
    expect(updateCall(paths, 7, { name: 'A' })).toEqual({
      path: '/feeType/updateFeeType',
      query: { feeTypeId: 7 },
      body: { name: 'A' },
    });
    expect(removeCall(paths, 7)).toEqual({ path: '/feeType/deleteFeeType', query: { feeTypeId: 7 } });
  });

  it('takes routes of its own: id in the body on update, in the path on delete, no export', () => {
    const resource = defineResource<{ staffId: number }>({
      name: 'staff',
      label: 'Staff',
      plural: 'Staff',
      module: 'staff',
      sortFields: [],
      rowId: (row) => row.staffId,
      routes: {
        list: '/staff/getActiveStaffByClient',
        export: null,
        update: '/staff/editStaff',
        remove: '/staff/deleteStaff',
        idParam: 'staffId',
        updateId: 'body',
        removeId: 'path',
      },
    });
    const paths = resourcePaths(resource);
    expect(paths.list).toBe('/staff/getActiveStaffByClient');
    expect(paths.export).toBeNull();
    expect(paths.create).toBe('/staff/createStaff');
    expect(resource.rowId({ staffId: 3 })).toBe(3);
    expect(updateCall(paths, 3, { staffName: 'A' })).toEqual({
      path: '/staff/editStaff',
      query: {},
      body: { staffName: 'A', staffId: 3 },
    });
    expect(removeCall(paths, 3)).toEqual({ path: '/staff/deleteStaff/3', query: {} });
  });
});
