/** What a card of the customer grid shows: the server's page rows and the card's props. */
export type CustomerCardView = {
  id: string;
  name: string;
  companyName: string;
  email: string | null;
  phone: string | null;
  city: string | null;
  state: string | null;
  assignee: string | null;
  createdAt: Date;
};
