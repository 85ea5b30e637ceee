import type { AlgorithmCatalogue, AlgorithmDescriptor, PageDescriptor, PageName } from '../types/interface';
import { readArray, readErrMsg, readObject, readString } from './shape';

const where = 'algorithms';

function readPages(value: unknown, path: string): PageName[] {
  return readArray(value ?? [], where, path).map((p, i) => readString(p, where, `${path}[${i}]`) as PageName);
}

/** Validates the `/v1/algorithm` answer. */
export function parseAlgorithmCatalogue(body: unknown): AlgorithmCatalogue {
  const b = readObject(body, where, 'answer');
  const widgets = readArray(b.widgets, where, 'widgets').map((value, i): AlgorithmDescriptor => {
    const path = `widgets[${i}]`;
    const w = readObject(value, where, path);
    return {
      displayName: readString(w.displayName, where, path + '.displayName'),
      name: readString(w.name, where, path + '.name'),
      type: typeof w.type === 'string' ? w.type : 'custom',
      description: typeof w.description === 'string' ? w.description : '',
      pages: readPages(w.pages, path + '.pages'),
      recommendedPages: readPages(w.recommendedPages, path + '.recommendedPages'),
    };
  });
  const pages = readArray(b.pages ?? [], where, 'pages').map((value, i): PageDescriptor => {
    const path = `pages[${i}]`;
    const p = readObject(value, where, path);
    return {
      displayName: readString(p.displayName, where, path + '.displayName'),
      name: readString(p.name, where, path + '.name') as PageName,
      pageType: readString(p.pageType, where, path + '.pageType'),
      description: typeof p.description === 'string' ? p.description : '',
    };
  });
  return { errMsg: readErrMsg(b, where), widgets, pages };
}
