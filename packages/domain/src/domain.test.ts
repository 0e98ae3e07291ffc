import { describe, expect, it } from 'vitest';
import { addUserRequest, allPermissionCodes, canSee, directoryNameProblem, errorCodeInfo, ErrorCode, passwordProblem, permissionTree, userTexts, validationMessages } from './index';

describe('permission codes', () => {
  it('holds every code of spec §6 exactly once', () => {
    const spec =
      'smart_data sd_capsule sd_item_group sd_board sd_board_play cd_device smart_assignment sa_rules sa_task_define sa_executable_task sa_scheduled_task sa_task_log cloud_surveillance cs_info cs_rules cs_sditem_update sys_setting sys_company_info sys_tag sys_io_socket user_management um_user um_user_group um_role pc_my_order pc_my_assignment system_maintenance system_data_management system_company system_role system_user system_sd_item system_quartz system_e_meter system_e_meter_log sys_m_acquistion sys_m_log system_white_ip test_pages board_test'.split(' ');
    for (const code of spec) {
      expect(allPermissionCodes).toContain(code);
    }
    expect(new Set(allPermissionCodes).size).toBe(allPermissionCodes.length);
    expect(permissionTree.map((p) => p.code)).toEqual(expect.arrayContaining(['sales', 'production', 'inventory', 'device_management', 'gas']));
  });

  it('a route is visible when its permission is none or held', () => {
    expect(canSee('none', [])).toBe(true);
    expect(canSee('um_user', ['um_user'])).toBe(true);
    expect(canSee('um_user', new Set(['um_role']))).toBe(false);
  });
});

describe('validators', () => {
  it('directory names: required, at most 25 characters, no percent sign', () => {
    expect(directoryNameProblem('  ')).toBe('required');
    expect(directoryNameProblem('数'.repeat(25))).toBeNull();
    expect(directoryNameProblem('数'.repeat(26))).toBe('tooLong');
    expect(directoryNameProblem('50% done')).toBe('percent');
  });

  it('passwords need 8 characters with letters and digits', () => {
    expect(passwordProblem('abc1')).toBe('tooShort');
    expect(passwordProblem('abcdefgh')).toBe('weak');
    expect(passwordProblem('abcdefg1')).toBeNull();
  });

  it('registration messages are keys with texts in both languages', () => {
    const result = addUserRequest.safeParse({ userName: '1x', password: 'short', phone: '123', smsCode: 'abc' });
    expect(result.success).toBe(false);
    for (const issue of result.error!.issues) {
      expect(validationMessages[issue.message], issue.message).toBeDefined();
    }
  });
});

describe('texts', () => {
  it('every error code and user text exists in both languages', () => {
    for (const code of Object.values(ErrorCode)) {
      expect(errorCodeInfo[code]['zh-CN']).not.toBe('');
      expect(errorCodeInfo[code]['en-US']).not.toBe('');
    }
    expect(userTexts.connectionExists['zh-CN']).toBe('该连线关系已存在,不允许重复创建');
    expect(userTexts.firmwareUpdateFailed['en-US']).toBe('Firmware update failed, please try again later');
  });
});
