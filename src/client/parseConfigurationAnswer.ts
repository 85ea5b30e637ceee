import { readErrMsg, readObject, type Json } from './shape';

/**
 * interface.md does not show the body of the search configuration answers; all we rely
 * on is an object whose `errMsg` is a string or null. The rest is passed through as is.
 */
export type ConfigurationAnswer = Json & { errMsg: string | null };

export function parseConfigurationAnswer(body: unknown, where: string): ConfigurationAnswer {
  const b = readObject(body, where, 'answer');
  return { ...b, errMsg: readErrMsg(b, where) };
}
