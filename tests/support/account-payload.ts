/** The sign-up body of the browser journeys: one adult rider from Bédoin, with the address and password given. */
const JOURNEY_PASSWORD = 'Ventoux1910';

export function accountPayload(email: string, password = JOURNEY_PASSWORD) {
  return {
    civilite: 'mme',
    nom: 'Martin',
    prenom: 'Claire',
    date_naissance: '1985-04-12',
    tel: '06 12 34 56 78',
    adresse: '12 route du Mont Ventoux',
    complement: '',
    cp: '84410',
    ville: 'Bédoin',
    pays: 'fr',
    nationalite: 'fr',
    email,
    password,
    password_confirmation: password,
  };
}
