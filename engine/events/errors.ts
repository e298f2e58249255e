/** A bad event request (span, station, option); `field` names the input, e.g. `stations[2].latitudeDeg`. */
export class EventRequestError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'EventRequestError';
  }
}
