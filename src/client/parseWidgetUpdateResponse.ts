import type { WidgetUpdateResponse } from '../types/interface';
import { readErrMsg, readObject, readString } from './shape';

/** Validates the `/v1/widget/custom/update` answer `{errMsg, uid}`. */
export function parseWidgetUpdateResponse(body: unknown): WidgetUpdateResponse {
  const b = readObject(body, 'updateWidget', 'answer');
  return { errMsg: readErrMsg(b, 'updateWidget'), uid: readString(b.uid, 'updateWidget', 'uid') };
}
