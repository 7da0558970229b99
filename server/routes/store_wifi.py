"""`/api/laptop/wifi`: the store's Wi-Fi (name and password), set and read from the
laptop only (403 `laptop_only` for any other device), shown by the store's screen as a
QR code while players join (`server.services.events.store_wifi`)."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter

from server.protocol.wifi_bodies import WifiBody
from server.routes.deps import LaptopOnly, RuntimeDep
from server.services.events import store_wifi

router = APIRouter(prefix="/api/laptop/wifi", tags=["laptop"], dependencies=[LaptopOnly])


def _answer(wifi: store_wifi.StoreWifi | None) -> dict[str, str | None]:
    return {"name": wifi.name if wifi else None, "password": wifi.password if wifi else None}


@router.get("")
async def get_wifi(rt: RuntimeDep) -> dict[str, str | None]:
    return _answer(await asyncio.to_thread(store_wifi.read, rt.settings.data_dir))


@router.put("")
async def set_wifi(body: WifiBody, rt: RuntimeDep) -> dict[str, str | None]:
    wifi = store_wifi.checked(body.name, body.password)
    await asyncio.to_thread(store_wifi.save, rt.settings.data_dir, wifi)
    return _answer(wifi)


@router.delete("")
async def forget_wifi(rt: RuntimeDep) -> dict[str, str | None]:
    await asyncio.to_thread(store_wifi.save, rt.settings.data_dir, None)
    return _answer(None)
