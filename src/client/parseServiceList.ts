import type { ServiceDescriptor } from '../types/interface';
import { readArray, readNumber, readObject, readString } from './shape';

const where = 'availableServices';

/** Validates the service catalogue: an array of service descriptors. */
export function parseServiceList(body: unknown): ServiceDescriptor[] {
  return readArray(body, where, 'answer').map((value, i) => {
    const path = `[${i}]`;
    const s = readObject(value, where, path);
    return {
      name: readString(s.name, where, path + '.name'),
      description: typeof s.description === 'string' ? s.description : '',
      version: readString(s.version, where, path + '.version'),
      cost: readNumber(s.cost, where, path + '.cost'),
    };
  });
}
