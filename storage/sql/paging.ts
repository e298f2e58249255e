/** Page requests as storage sees them: field names already validated by the API's paging helper. */
export interface SortOrder {
  field: string;
  direction: 'asc' | 'desc';
}

export interface PageRequest {
  page: number;
  size: number;
  sort: SortOrder[];
}

/**
 * ORDER BY … LIMIT … OFFSET … from a validated page request (`sql`, with `args`), and its ORDER BY alone (`order`, for
 * a query that orders the page's rows again or reads them in parts). `columns` maps each sortable API field to its
 * SQL expression (the only way a field name reaches SQL); `tieBreaker` makes order total.
 */
export function pageClause(request: PageRequest, columns: Record<string, string>, tieBreaker: string): { sql: string; args: number[]; order: string } {
  const orders = request.sort.map((order) => {
    const column = columns[order.field];
    if (!column) throw new Error(`no column for sort field ${order.field}`);
    return `${column} ${order.direction === 'desc' ? 'DESC' : 'ASC'}`;
  });
  orders.push(tieBreaker);
  const order = ` ORDER BY ${orders.join(', ')}`;
  return { sql: `${order} LIMIT ? OFFSET ?`, args: [request.size, request.page * request.size], order };
}
