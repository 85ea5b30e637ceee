// The theme studio page (served at /studio/ by the demo shop).
import { h, render } from 'preact';
import { StudioApp } from './ui/StudioApp';

render(h(StudioApp, null), document.getElementById('studio') as HTMLElement);
