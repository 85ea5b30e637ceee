import type { SearchConfiguration, WidgetConfiguration } from '../../src/types/interface';
import type { SearchConfigurationUpdate } from '../../src/client/index';
import type { Change } from '../config/planChanges';
import type { Connection } from './connect';

/**
 * Makes one call of the plan; resolves to the service's answer, whose `errMsg` is its
 * refusal (null when the call was taken). A failed call rejects with the client's
 * ApiError. The bodies were checked against the interface's fields before, so they are
 * sent as written.
 */
export async function sendChange(change: Change, { client }: Connection): Promise<{ errMsg: string | null }> {
  switch (change.action) {
    case 'create search configuration':
      return client.createSearchConfiguration(change.body as SearchConfiguration);
    case 'update search configuration':
      return client.updateSearchConfiguration(change.body as SearchConfigurationUpdate);
    default:
      return client.updateWidget(change.body as WidgetConfiguration);
  }
}
