/** The dashboard's AI alert for a customer whose analysed bill uses more data than its plan. */
export function dataOverageMessage(customerName: string, percentOver: number): string {
  return `${customerName} is ${percentOver}% over data usage. Upgrade recommended.`;
}
