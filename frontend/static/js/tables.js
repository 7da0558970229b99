// Tables come as [{number, players: [...]}]; players may be names or {name, seat} objects.
// Normalising here keeps the host and seat pages agnostic of that detail.

export function tablesOf(tables) {
  if (!Array.isArray(tables)) return [];
  return tables.map((table, index) => normalise(table, index));
}

export function normalise(table, index = 0) {
  const players = Array.isArray(table) ? table : (table.players || table.seats || []);
  return {
    number: table.number ?? table.table ?? index + 1,
    players: players.map((p) => (typeof p === "string" ? p : (p.name ?? String(p.seat ?? "")))),
  };
}
