/** Products of the sandbox's sample store that the header links to. */
export const featured = [
  { handle: 'biarritz-parka', name: 'Biarritz Parka' },
  { handle: 'aubrac-tote', name: 'Aubrac Tote' },
  { handle: 'quiberon-crewneck', name: 'Quiberon Crewneck' },
];
