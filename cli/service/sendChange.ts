import type { SearchConfiguration, WidgetConfiguration } from '../../src/types/interface';
import type { SearchConfigurationUpdate } from '../../src/client/index';
import type { Connection } from './connect';
import type { Change } from '../config/planChanges';

/**
 * Makes one call of the plan; resolves to the service's refusal (`errMsg` of a 200), or
 * null when it was taken. A failed call rejects with the client's ApiError. The bodies
 * were checked against the interface's fields before, so they are sent as written.
 */
export async function sendChange(change: Change, { client }: Connection): Promise<string | null> {
  switch (change.action) {
    case 'create search configuration':
      return (await client.createSearchConfiguration(change.body as SearchConfiguration)).errMsg;
    case 'update search configuration':
      return (await client.updateSearchConfiguration(change.body as SearchConfigurationUpdate)).errMsg;
    default:
      return (await client.updateWidget(change.body as WidgetConfiguration)).errMsg;
  }
}
